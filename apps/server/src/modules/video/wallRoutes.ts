import { saveWallTourBody, saveWallViewBody, wallLayoutIdBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { WATCH } from './streamRoutes';
import { removeWallLayout, saveWallTour, saveWallView, wallLayoutsOf } from './wallLayouts';

/** The wall's saved views and tours (contracts video/wallLayouts.ts): whoever may watch keeps their own. */
export function wallRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];
  r.get('/api/merchant/video/wall/getWallLayouts', { config: WATCH, schema: { tags } }, async (req) =>
    ok(await wallLayoutsOf(db, authOf(req))),
  );
  r.post(
    '/api/merchant/video/wall/saveWallView',
    { config: WATCH, schema: { tags, body: saveWallViewBody } },
    async (req) => ok(await saveWallView(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/video/wall/saveWallTour',
    { config: WATCH, schema: { tags, body: saveWallTourBody } },
    async (req) => ok(await saveWallTour(db, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/video/wall/removeWallLayout',
    { config: WATCH, schema: { tags, body: wallLayoutIdBody } },
    async (req) => {
      await removeWallLayout(db, authOf(req), req.body.id);
      return ok(null);
    },
  );
}
