import { deviceLangQuery, type GisPark } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { listParks } from '../parks/repo';
import { deviceParamConfig } from '../telemetry/service';
import { getGroupPoint, listAreaPoints, listDevicePoints } from './service';

const GIS = '/system/GisMap';

/** The GIS map reads map data on its own permission: its users need not administer parks. */
export async function gisMapList(db: Db, auth: AuthContext): Promise<GisPark[]> {
  const parks = await listParks(db, scopeOf(auth));
  return Promise.all(
    parks.map(async (p) => {
      const point = await getGroupPoint(db, auth, p.id);
      const [areas, devices] = await Promise.all([
        point ? listAreaPoints(db, auth, point.pointId) : [],
        listDevicePoints(db, auth, p.id, true),
      ]);
      return {
        groupId: p.id,
        groupName: p.name,
        longitude: p.longitude,
        latitude: p.latitude,
        point,
        areas,
        devices,
      };
    }),
  );
}

export function gisRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permitUrl: GIS };
  const tags = ['points'];
  // data screens read the GIS list (a multi-park screen's map)
  r.get(
    '/api/merchant/group-area-point/getGisMapList',
    { config: { ...config, screenAccess: true }, schema: { tags } },
    async (req) => ok(await gisMapList(db, authOf(req))),
  );
  // A marker's popup: names, units and latest values of that device, as the real-time pages show them.
  r.get(
    '/api/merchant/group-area-point/getGisDeviceDetail',
    { config, schema: { tags, querystring: deviceLangQuery } },
    async (req) => ok(await deviceParamConfig(db, authOf(req), req.query.deviceId, req.query.lang)),
  );
}
