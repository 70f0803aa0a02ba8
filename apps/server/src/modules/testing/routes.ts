import {
  testingDeviceListQuery,
  testingInstallerCommandBody,
  testingInstallerMessagesBody,
  testingLoginBody,
  testingMessagesQuery,
  testingSendCommandBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../http/rateLimit';
import type { DeviceMessageBus } from '../../mqtt/deviceMessages';
import { createDeviceTap } from '../../mqtt/deviceTap';
import type { ModuleDeps } from '../context';
import { createTesting } from './service';

/**
 * Device debugging (/testing). Console calls declare no page (permitUrl null): /testing is public in the
 * console, and what a user may watch and command follows the device's park and class, checked by the
 * service. Installer calls are public and carry their one-device token in the body, never in a URL.
 */
export function testingRoutes(app: FastifyInstance, deps: ModuleDeps & { bus?: DeviceMessageBus }): void {
  // An app built without a bus (some tests) hears no devices: its tap stays silent.
  const tap = deps.bus?.tap ?? createDeviceTap();
  const testing = createTesting({ db: deps.db, commands: deps.commands, tap, tzName: deps.config.tzName });
  // preClose: held polls are answered before the server waits for open requests to end.
  app.addHook('preClose', async () => testing.close());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['testing'];
  const M = '/api/merchant/testing';

  r.get(
    `${M}/getDeviceList`,
    { config: { permitUrl: null }, schema: { tags, querystring: testingDeviceListQuery } },
    async (req) => ok(await testing.deviceList(actorOf(req), req.query)),
  );
  r.get(
    `${M}/getDeviceMessageList`,
    { config: { permitUrl: null }, schema: { tags, querystring: testingMessagesQuery } },
    async (req) => ok(await testing.messages(actorOf(req), req.query.deviceId, req.query.startTime)),
  );
  r.post(
    `${M}/sendCommand`,
    { config: { permitUrl: null }, schema: { tags, body: testingSendCommandBody } },
    async (req) => ok(await testing.sendAsUser(actorOf(req), req.body)),
  );

  r.post(
    '/api/testing/deviceLogin',
    { config: { public: true }, schema: { tags, body: testingLoginBody } },
    async (req, reply) => ok(await withRetryAfter(reply, testing.signIn(req.body, req.ip))),
  );
  r.post(
    '/api/testing/getDeviceMessageList',
    { config: { public: true }, schema: { tags, body: testingInstallerMessagesBody } },
    async (req) => ok(await testing.installerMessages(req.body.token, req.body.startTime)),
  );
  r.post(
    '/api/testing/sendCommand',
    { config: { public: true }, schema: { tags, body: testingInstallerCommandBody } },
    async (req) => {
      const { token, ...command } = req.body;
      return ok(await testing.sendAsInstaller(token, command, req.ip));
    },
  );
}
