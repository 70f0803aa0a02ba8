import { addPtzPresetBody, ptzPresetIdBody, ptzPresetListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { addPreset, gotoPreset, presetList, removePreset } from './ptzPresets';
import { WATCH } from './streamRoutes';

/** PTZ presets (contracts video/ptzPresets.ts): whoever may watch and steer a camera keeps and uses them. */
export function presetRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];
  const P = '/api/merchant/video/camera';
  r.get(`${P}/presets`, { config: WATCH, schema: { tags, querystring: ptzPresetListQuery } }, async (req) =>
    ok(await presetList(deps.db, authOf(req), req.query.cameraId)),
  );
  r.post(`${P}/preset/add`, { config: WATCH, schema: { tags, body: addPtzPresetBody } }, async (req) =>
    ok(await addPreset(deps, authOf(req), req.body)),
  );
  r.post(`${P}/preset/goto`, { config: WATCH, schema: { tags, body: ptzPresetIdBody } }, async (req) => {
    await gotoPreset(deps, authOf(req), req.body.id);
    return ok(null);
  });
  r.post(`${P}/preset/remove`, { config: WATCH, schema: { tags, body: ptzPresetIdBody } }, async (req) => {
    await removePreset(deps, authOf(req), req.body.id);
    return ok(null);
  });
}
