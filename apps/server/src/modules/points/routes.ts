import {
  alterDevicePointBody,
  alterGroupAreaPointBody,
  alterGroupPointBody,
  groupPointQuery,
  pointIdQuery,
  removeBatchGroupAreaPointBody,
  removeGroupPointBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { gisRoutes } from './gis';
import {
  alterAreaPoint,
  alterDevicePoint,
  alterGroupPoint,
  getGroupPoint,
  listAreaPoints,
  listDevicePoints,
  removeAreaPoints,
  removeGroupPoint,
} from './service';

const PARK_ADMIN = '/park/parkInfo';
const BASE = '/api/merchant/group-area-point';

/** SPEC §7 park map calls. Reading and writing both belong to park management. */
export function pointRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  gisRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['points'];
  const config = { permitUrl: PARK_ADMIN };
  // the park map reads, which the data screens show too
  const read = { ...config, screenAccess: true };

  r.get(
    `${BASE}/getGroupPointByGroupId`,
    { config: read, schema: { tags, querystring: groupPointQuery } },
    async (req) => ok(await getGroupPoint(db, authOf(req), req.query.groupId)),
  );
  r.post(`${BASE}/alterGroupPoint`, { config, schema: { tags, body: alterGroupPointBody } }, async (req) =>
    ok(await alterGroupPoint(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${BASE}/removeGroupPoint`, { config, schema: { tags, body: removeGroupPointBody } }, async (req) => {
    await removeGroupPoint(db, authOf(req), req.body.pointId, clientMeta(req));
    return ok(null);
  });
  r.get(
    `${BASE}/getGroupAreaPointListByPointId`,
    { config: read, schema: { tags, querystring: pointIdQuery } },
    async (req) => ok(await listAreaPoints(db, authOf(req), req.query.pointId)),
  );
  r.post(`${BASE}/alterGroupAreaPoint`, { config, schema: { tags, body: alterGroupAreaPointBody } }, async (req) =>
    ok(await alterAreaPoint(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${BASE}/removeBatchGroupAreaPoint`,
    { config, schema: { tags, body: removeBatchGroupAreaPointBody } },
    async (req) => ok({ removed: await removeAreaPoints(db, authOf(req), req.body.areaPointIds, clientMeta(req)) }),
  );
  r.get(
    `${BASE}/getGroupDeviceRelevancePointListByGroupId`,
    { config: read, schema: { tags, querystring: groupPointQuery } },
    async (req) => ok(await listDevicePoints(db, authOf(req), req.query.groupId, true)),
  );
  r.get(
    `${BASE}/getGroupDeviceNotRelevancePointListByGroupId`,
    { config, schema: { tags, querystring: groupPointQuery } },
    async (req) => ok(await listDevicePoints(db, authOf(req), req.query.groupId, false)),
  );
  r.post(`${BASE}/alterDevicePoint`, { config, schema: { tags, body: alterDevicePointBody } }, async (req) => {
    await alterDevicePoint(db, authOf(req), req.body, clientMeta(req));
    return ok(null);
  });
}
