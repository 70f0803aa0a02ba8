import { timingSafeEqual } from 'node:crypto';
import { intField, optional } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { browserMaySubscribe, deviceMayUse } from '../../mqtt/acl';
import { mayUseClientId } from '../../mqtt/clientIds';
import { liveSessions, visibleGroupIds } from '../auth/repo';
import { resolveSession } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { authenticateDevice } from './credentials';
import { browserUser } from './mqttHooksRepo';

/**
 * Authentication and ACL for an external broker (EMQX HTTP authenticator/authorizer, mosquitto-go-auth
 * HTTP backend): the same rules as the embedded broker, over HTTP. 200 = allow, 401/403 = deny; the JSON
 * body says the same for brokers that read it (`{"result": "allow"}`). See docs/OPERATIONS.md.
 */
const authBody = z.object({
  clientid: z.string().max(256).default(''),
  username: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
});

const aclBody = z.object({
  clientid: z.string().max(256).default(''),
  username: z.string().max(256).default(''),
  topic: z.string().min(1, 'topic is required').max(1024),
  /** EMQX: publish | subscribe (also "all"). */
  action: z.string().max(20).optional(),
  /** mosquitto-go-auth: 1 read, 2 write, 3 read and write, 4 subscribe. */
  acc: optional(intField()),
});

type Access = 'publish' | 'subscribe';

function accessOf(b: z.infer<typeof aclBody>): Access[] | null {
  if (b.action === 'publish') return ['publish'];
  if (b.action === 'subscribe') return ['subscribe'];
  if (b.action === 'all') return ['publish', 'subscribe'];
  // Receiving a message (read) is allowed exactly where subscribing is.
  if (b.acc === 1 || b.acc === 4) return ['subscribe'];
  if (b.acc === 2) return ['publish'];
  if (b.acc === 3) return ['publish', 'subscribe'];
  return null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The server's own connection to the broker (credentials of MQTT_URL) may do anything. */
function serverCredentials(mqttUrl: string): { username: string; password: string } | null {
  if (!mqttUrl) return null;
  const u = new URL(mqttUrl);
  if (!u.username) return null;
  return { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
}

/** A browser's parks, read fresh: the user must be enabled and hold a live session. */
async function browserScope(db: Db, userId: number) {
  const user = await browserUser(db, userId);
  if (!user?.enabled || user.removed_at !== null || !user.merchant_enabled) return null;
  const live = await liveSessions(db, { userId, activeAt: Date.now(), oldest: 1 });
  if (live.length === 0) return null;
  const groupIds = await visibleGroupIds(db, userId, user.merchant_id, user.is_admin === 1);
  return { userId, merchantId: user.merchant_id, groupIds };
}

export function mqttHookRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const server = serverCredentials(config.mqttUrl);
  const tags = ['mqtt hooks'];

  const allow = (reply: FastifyReply, superuser = false) =>
    reply.status(200).send({ result: 'allow', is_superuser: superuser });
  const deny = (reply: FastifyReply, status = 401) => reply.status(status).send({ result: 'deny' });

  /** The broker proves itself with the shared secret (header `X-Hook-Secret` or `Authorization: Bearer`). */
  const hookAllowed = (req: FastifyRequest): boolean => {
    if (!config.mqttHookSecret) return false;
    const h = req.headers['x-hook-secret'];
    const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const presented = (Array.isArray(h) ? h[0] : h) ?? bearer ?? '';
    return sameText(presented, config.mqttHookSecret);
  };

  r.post('/api/mqtt/auth', { config: { public: true }, schema: { tags, body: authBody } }, async (req, reply) => {
    if (!hookAllowed(req)) return deny(reply, 403);
    const { clientid, username, password } = req.body;
    if (server && sameText(username, server.username) && sameText(password, server.password)) {
      return allow(reply, true);
    }
    const user = /^u(\d+)$/.exec(username);
    try {
      if (user) {
        const ctx = await resolveSession(db, password);
        if (ctx.userId !== Number(user[1])) return deny(reply);
        // The broker drops the older connection of a client id: only its owner may take it (as the embedded one).
        return (await mayUseClientId(db, { kind: 'user', userId: ctx.userId }, clientid)) ? allow(reply) : deny(reply);
      }
      const device = await authenticateDevice(db, username, password);
      return (await mayUseClientId(db, { kind: 'device', serial: device.serial }, clientid))
        ? allow(reply)
        : deny(reply);
    } catch {
      return deny(reply);
    }
  });

  r.post('/api/mqtt/acl', { config: { public: true }, schema: { tags, body: aclBody } }, async (req, reply) => {
    if (!hookAllowed(req)) return deny(reply, 403);
    const { username, topic } = req.body;
    const access = accessOf(req.body);
    if (!access) return deny(reply, 403);
    if (server && sameText(username, server.username)) return allow(reply);
    const user = /^u(\d+)$/.exec(username);
    if (user) {
      // Browsers only listen; web/ and user/ topics are published by the server alone.
      if (access.includes('publish')) return deny(reply, 403);
      const scope = await browserScope(db, Number(user[1]));
      return scope && browserMaySubscribe(topic, scope) ? allow(reply) : deny(reply, 403);
    }
    return username && deviceMayUse(topic, username) ? allow(reply) : deny(reply, 403);
  });
}
