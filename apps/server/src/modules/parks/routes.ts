import { addGroupBody, alterGroupBody, alterGroupScreenBody, groupIdQuery, removeGroupBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { addPark, alterPark, listParks, parkClassFlags, removePark, setParkScreen } from './service';

const PARK_ADMIN = '/park/parkInfo';

export function parkRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parks'];

  r.get(
    '/api/merchant/group/getGroupAndDeviceAllList',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags } },
    async (req) => ok(await listParks(db, authOf(req), config.tzName)),
  );

  r.post(
    '/api/merchant/group/addGroup',
    { config: { permitUrl: PARK_ADMIN }, schema: { tags, body: addGroupBody } },
    async (req) => ok(await addPark(db, authOf(req), req.body, clientMeta(req), config.tzName)),
  );

  r.post(
    '/api/merchant/group/alterGroup',
    { config: { permitUrl: PARK_ADMIN }, schema: { tags, body: alterGroupBody } },
    async (req) => ok(await alterPark(db, authOf(req), req.body, clientMeta(req), config.tzName)),
  );

  r.post(
    '/api/merchant/group/removeGroup',
    { config: { permitUrl: PARK_ADMIN }, schema: { tags, body: removeGroupBody } },
    async (req) => {
      await removePark(db, authOf(req), req.body.groupId, clientMeta(req));
      return ok(null);
    },
  );

  r.post(
    '/api/merchant/group/alterGroupScreen',
    { config: { permitUrl: PARK_ADMIN }, schema: { tags, body: alterGroupScreenBody } },
    async (req) => {
      await setParkScreen(db, authOf(req), req.body.groupId, req.body.screenId, clientMeta(req));
      return ok(null);
    },
  );

  r.get(
    '/api/merchant/device/getDeviceClassList',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags: ['devices'], querystring: groupIdQuery } },
    async (req) => ok(await parkClassFlags(db, authOf(req), req.query.groupId)),
  );
}
