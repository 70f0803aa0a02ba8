import {
  PEST_KIND_PERMIT,
  sqdDeviceStatusBody,
  sqdOperateBody,
  sqdParamBody,
  sqdUpdateParamsBody,
  sqdUpdateStatusBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { actorOf } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { sqdDeviceStatus, sqdOperate, sqdParam, sqdUpdateParams, sqdUpdateStatus } from './sqdApi';

/** SPEC §7 trap operations under `/sqdApi/` (docs/API.md). Signed-in and park-scoped like `/api/merchant`. */
export function sqdRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sqdApi'];
  const sqd = { db: deps.db, commands: deps.commands, devices: deps.devices };

  r.post(
    '/sqdApi/external/deviceStatus',
    { config: { permitUrl: null }, schema: { tags, body: sqdDeviceStatusBody } },
    async (req) => ok(await sqdDeviceStatus(deps.db, authOf(req), req.body.deviceId)),
  );
  r.post(
    '/sqdApi/insect/param',
    { config: { permitUrl: PEST_KIND_PERMIT.insect }, schema: { tags, body: sqdParamBody } },
    async (req) => ok(await sqdParam(sqd, actorOf(req), req.body)),
  );
  r.post(
    '/sqdApi/insect/operate',
    { config: { permitUrl: PEST_KIND_PERMIT.insect }, schema: { tags, body: sqdOperateBody } },
    async (req) => ok(await sqdOperate(sqd, actorOf(req), req.body)),
  );
  r.post(
    '/sqdApi/updateStatus',
    { config: { permitUrl: PEST_KIND_PERMIT.spore }, schema: { tags, body: sqdUpdateStatusBody } },
    async (req) => ok(await sqdUpdateStatus(sqd, actorOf(req), req.body)),
  );
  r.post(
    '/sqdApi/updateParams',
    { config: { permitUrl: null }, schema: { tags, body: sqdUpdateParamsBody } },
    async (req) => ok(await sqdUpdateParams(sqd, actorOf(req), req.body)),
  );
}
