import {
  PEST_KIND_PERMIT,
  sqdDeviceStatusBody,
  sqdOperateBody,
  sqdParamBody,
  sqdUpdateParamsBody,
  sqdUpdateStatusBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { actorOf } from '../../http/clientMeta';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { sqdDeviceStatus, sqdOperate, sqdParam, sqdUpdateParams, sqdUpdateStatus } from './sqdApi';

/** SPEC §7 trap operations under `/sqdApi/` (docs/API.md). Signed-in and park-scoped like `/api/merchant`. */
export function sqdRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { post } = apiRoutes(app, ['sqdApi']);
  const sqd = { db: deps.db, commands: deps.commands, devices: deps.devices };
  const { insect, spore } = PEST_KIND_PERMIT;

  post('/sqdApi/external/deviceStatus', null, sqdDeviceStatusBody, (req) =>
    sqdDeviceStatus(deps.db, authOf(req), req.body.deviceId),
  );
  post('/sqdApi/insect/param', insect, sqdParamBody, (req) => sqdParam(sqd, actorOf(req), req.body));
  post('/sqdApi/insect/operate', insect, sqdOperateBody, (req) => sqdOperate(sqd, actorOf(req), req.body));
  post('/sqdApi/updateStatus', spore, sqdUpdateStatusBody, (req) => sqdUpdateStatus(sqd, actorOf(req), req.body));
  post('/sqdApi/updateParams', null, sqdUpdateParamsBody, (req) => sqdUpdateParams(sqd, actorOf(req), req.body));
}
