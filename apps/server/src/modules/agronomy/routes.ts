import {
  acceptSprayWindowBody,
  clearBiofixBody,
  DEGREE_DAY_PERMIT_URLS,
  degreeDayListQuery,
  ET0_PERMIT_URL,
  et0ListQuery,
  pestStagesQuery,
  setBiofixBody,
  sprayPlanEffectQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { requirePark } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { logged } from '../production/auditLog';
import { FARM_WORK } from '../production/stock/workRoutes';
import { clearBiofix, setBiofix } from './biofix';
import { degreeDayList, et0List, pestStages } from './service';
import { acceptSprayWindow, sprayPlanEffect } from './sprayPlan';

/**
 * Agronomy answers of a park (ET0, degree days), read from its weather station. Degree days keep the pest
 * path of issue 27 (`/pest/getDegreeDayList`) but live here, beside the other agronomy, as do the biofix and
 * stage forecasts built on them (point 2). Reading asks for the pest or weather pages; confirming or moving a
 * biofix, for the pest pages; a spray plan makes and reads farm work, so it asks for the farm work page.
 */
export function agronomyRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const [pestPermit, ...alsoPermitUrls] = DEGREE_DAY_PERMIT_URLS;
  r.get(
    '/api/merchant/agronomy/getEt0List',
    { config: { permitUrl: ET0_PERMIT_URL }, schema: { tags: ['agronomy'], querystring: et0ListQuery } },
    async (req) => {
      const who = authOf(req);
      requirePark(who, req.query.groupId);
      return ok(await et0List(db, who, req.query, config.tzName));
    },
  );
  r.get(
    '/api/merchant/pest/getDegreeDayList',
    {
      config: { permitUrl: pestPermit, alsoPermitUrls },
      schema: { tags: ['agronomy'], querystring: degreeDayListQuery },
    },
    async (req) => {
      const who = authOf(req);
      requirePark(who, req.query.groupId);
      return ok(await degreeDayList(db, who, req.query, config.tzName));
    },
  );
  r.get(
    '/api/merchant/pest/getPestStages',
    {
      config: { permitUrl: pestPermit, alsoPermitUrls },
      schema: { tags: ['agronomy'], querystring: pestStagesQuery },
    },
    async (req) => {
      const who = authOf(req);
      requirePark(who, req.query.groupId);
      return ok(await pestStages(db, who, req.query, config.tzName));
    },
  );
  r.post(
    '/api/merchant/pest/setBiofix',
    { config: { permitUrl: pestPermit }, schema: { tags: ['agronomy'], body: setBiofixBody } },
    async (req) => ok(await setBiofix(db, authOf(req), req.body, config.tzName)),
  );
  r.post(
    '/api/merchant/pest/clearBiofix',
    { config: { permitUrl: pestPermit }, schema: { tags: ['agronomy'], body: clearBiofixBody } },
    async (req) => ok(await clearBiofix(db, authOf(req), req.body, config.tzName)),
  );
  r.get(
    '/api/merchant/pest/getSprayPlanEffect',
    { config: { permitUrl: FARM_WORK }, schema: { tags: ['agronomy'], querystring: sprayPlanEffectQuery } },
    async (req) => ok(await sprayPlanEffect(db, authOf(req), req.query)),
  );
  r.post(
    '/api/merchant/pest/acceptSprayWindow',
    { config: { permitUrl: FARM_WORK }, schema: { tags: ['agronomy'], body: acceptSprayWindowBody } },
    // a farm work made like any other: its line in the system log, as the farm work page's add
    async (req) =>
      ok(
        await logged(db, req, 'farmWork', 'add', () => acceptSprayWindow(db, authOf(req), req.body, config.tzName), {
          name: `spraying ${req.body.plannedOn} · ${req.body.windowKey}`,
        }),
      ),
  );
}
