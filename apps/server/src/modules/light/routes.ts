import { lightBySerialQuery, lightListQuery, updateLightBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authHook';
import { actorOf } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { accessTokenStatus, refreshAccessToken } from './cloudToken';
import { lightBySerial, lightDeviceList, updateLight } from './service';

const PERMIT_URL = '/plantProtect/insecticidalLamp';
const langOf = (lang: string | undefined) => (lang === 'en' ? 'en' : 'zh');

/** SPEC §7 `device/getLightDeviceList` and the `light/*` calls of the insecticidal-lamp page. */
export function lightRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['light'];
  r.get(
    '/api/merchant/device/getLightDeviceList',
    { config: { permitUrl: PERMIT_URL }, schema: { tags, querystring: lightListQuery } },
    async (req) => ok(await lightDeviceList(deps.db, authOf(req), req.query.groupId, req.query.lang)),
  );
  r.post(
    '/api/merchant/light/updateLight',
    {
      config: { permitUrl: PERMIT_URL },
      schema: { tags, body: updateLightBody, querystring: z.object({ lang: z.string().optional() }) },
    },
    async (req) =>
      ok(
        await updateLight(
          { db: deps.db, commands: deps.commands, devices: deps.devices },
          actorOf(req),
          req.body,
          langOf(req.query.lang),
        ),
      ),
  );
  r.get(
    '/api/merchant/light/getLightBySerial',
    { config: { permitUrl: PERMIT_URL }, schema: { tags, querystring: lightBySerialQuery } },
    async (req) => ok(await lightBySerial(deps.db, authOf(req), req.query.serial, req.query.lang)),
  );
  r.get('/api/merchant/light/getAccessToken', { config: { permitUrl: PERMIT_URL }, schema: { tags } }, async (req) =>
    ok(await accessTokenStatus(deps.db, deps.config.lightCloud, authOf(req).merchantId)),
  );
  r.post(
    '/api/merchant/light/refreshAccessToken',
    { config: { permitUrl: PERMIT_URL }, schema: { tags } },
    async (req) => ok(await refreshAccessToken(deps.db, deps.config.lightCloud, actorOf(req))),
  );
}
