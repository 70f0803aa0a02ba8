import {
  addCategoryBody,
  addDetectionBody,
  alterCategoryBody,
  alterDetectionBody,
  categoryListQuery,
  imageDetailQuery,
  imageListQuery,
  pestKind,
  pestRangeQuery,
  removeCategoryBody,
  removeDetectionBody,
  trapStatusQuery,
  withDefault,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import * as categories from './categories';
import * as images from './images';
import * as stats from './stats';
import { trapStatusList } from './status';

const CATEGORY = '/outdoorsEquipment/worm/wormCategory';
const STATISTICAL = '/outdoorsEquipment/worm/wormStatistical';
const TREND = '/outdoorsEquipment/worm/wormTrend';
const kindQuery = z.object({ kind: withDefault(pestKind, 'insect') });

/**
 * Pest and spore pages: categories, trap status, photo timelines with detections and corrections,
 * statistics and trends. Routes serving both kinds ask only for a session and check the class
 * permission of the trap (or kind) in the service, as the same photo API serves both menus.
 */
export function pestRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pests'];
  const { db } = deps;
  const tz = deps.config.tzName;

  r.get(
    '/api/merchant/pest/getCategoryList',
    { config: { permitUrl: null }, schema: { tags, querystring: categoryListQuery } },
    async (req) => {
      images.assertKind(authOf(req), req.query.kind);
      return ok(await categories.categoryList(db, authOf(req), req.query));
    },
  );
  r.get(
    '/api/merchant/pest/getCategoryAllList',
    { config: { permitUrl: null }, schema: { tags, querystring: kindQuery } },
    async (req) => {
      images.assertKind(authOf(req), req.query.kind);
      return ok(await categories.allCategories(db, authOf(req).merchantId, req.query.kind));
    },
  );
  r.post(
    '/api/merchant/pest/addCategory',
    { config: { permitUrl: CATEGORY }, schema: { tags, body: addCategoryBody } },
    async (req) => ok(await categories.addCategory(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/pest/alterCategory',
    { config: { permitUrl: CATEGORY }, schema: { tags, body: alterCategoryBody } },
    async (req) => ok(await categories.alterCategory(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/pest/removeCategory',
    { config: { permitUrl: CATEGORY }, schema: { tags, body: removeCategoryBody } },
    async (req) => ok(await categories.removeCategories(db, authOf(req), req.body.ids)),
  );

  r.get(
    '/api/merchant/pest/getTrapStatusList',
    { config: { permitUrl: null }, schema: { tags, querystring: trapStatusQuery } },
    async (req) => {
      images.assertKind(authOf(req), req.query.kind);
      return ok(await trapStatusList(db, authOf(req), req.query.groupId, req.query.kind));
    },
  );
  r.get(
    '/api/merchant/pest/getImageList',
    { config: { permitUrl: null }, schema: { tags, querystring: imageListQuery } },
    async (req) => ok(await images.imageList(db, authOf(req), req.query.deviceId, req.query.date, tz)),
  );
  r.get(
    '/api/merchant/pest/getImageDetail',
    { config: { permitUrl: null }, schema: { tags, querystring: imageDetailQuery } },
    async (req) => ok(await images.imageDetail(db, authOf(req), req.query.imageId)),
  );
  r.post(
    '/api/merchant/pest/addDetection',
    { config: { permitUrl: null }, schema: { tags, body: addDetectionBody } },
    async (req) => ok(await images.addDetection(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/pest/alterDetection',
    { config: { permitUrl: null }, schema: { tags, body: alterDetectionBody } },
    async (req) => ok(await images.alterDetection(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/pest/removeDetection',
    { config: { permitUrl: null }, schema: { tags, body: removeDetectionBody } },
    async (req) => ok(await images.removeDetections(db, authOf(req), req.body.ids)),
  );

  r.get(
    '/api/merchant/pest/getStatistics',
    { config: { permitUrl: null }, schema: { tags, querystring: pestRangeQuery } },
    async (req) => {
      images.assertKind(authOf(req), req.query.kind, req.query.kind === 'insect' ? STATISTICAL : undefined);
      return ok(await stats.statistics(db, authOf(req), req.query, tz));
    },
  );
  r.get(
    '/api/merchant/pest/getTrend',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags, querystring: pestRangeQuery } },
    async (req) => {
      images.assertKind(authOf(req), req.query.kind, req.query.kind === 'insect' ? TREND : undefined);
      return ok(await stats.trend(db, authOf(req), req.query, tz));
    },
  );
}
