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
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
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
  const tags = ['points'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: PARK_ADMIN };
  // the park map reads, which the data screens show too
  const read = { ...config, screenAccess: true };

  get(`${BASE}/getGroupPointByGroupId`, read, groupPointQuery, (req) =>
    getGroupPoint(db, authOf(req), req.query.groupId),
  );
  post(`${BASE}/alterGroupPoint`, config, alterGroupPointBody, (req) =>
    alterGroupPoint(db, authOf(req), req.body, clientMeta(req)),
  );
  r.post(`${BASE}/removeGroupPoint`, { config, schema: { tags, body: removeGroupPointBody } }, async (req) => {
    await removeGroupPoint(db, authOf(req), req.body.pointId, clientMeta(req));
    return ok(null);
  });
  get(`${BASE}/getGroupAreaPointListByPointId`, read, pointIdQuery, (req) =>
    listAreaPoints(db, authOf(req), req.query.pointId),
  );
  post(`${BASE}/alterGroupAreaPoint`, config, alterGroupAreaPointBody, (req) =>
    alterAreaPoint(db, authOf(req), req.body, clientMeta(req)),
  );
  r.post(
    `${BASE}/removeBatchGroupAreaPoint`,
    { config, schema: { tags, body: removeBatchGroupAreaPointBody } },
    async (req) => ok({ removed: await removeAreaPoints(db, authOf(req), req.body.areaPointIds, clientMeta(req)) }),
  );
  get(`${BASE}/getGroupDeviceRelevancePointListByGroupId`, read, groupPointQuery, (req) =>
    listDevicePoints(db, authOf(req), req.query.groupId, true),
  );
  get(`${BASE}/getGroupDeviceNotRelevancePointListByGroupId`, config, groupPointQuery, (req) =>
    listDevicePoints(db, authOf(req), req.query.groupId, false),
  );
  r.post(`${BASE}/alterDevicePoint`, { config, schema: { tags, body: alterDevicePointBody } }, async (req) => {
    await alterDevicePoint(db, authOf(req), req.body, clientMeta(req));
    return ok(null);
  });
}
