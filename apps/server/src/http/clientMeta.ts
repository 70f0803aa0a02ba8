import type { FastifyRequest } from 'fastify';
import { authOf } from './authHook';

/** Who sent a request, as the system log and the session table record it. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/**
 * `req.ip` already honours TRUST_PROXY (Fastify's `trustProxy`), so X-Forwarded-For is believed only
 * behind a proxy we were told about; nothing else may read that header itself.
 */
export function clientMeta(req: FastifyRequest): ClientMeta {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, userAgent: String((Array.isArray(agent) ? agent[0] : agent) ?? '') };
}

/**
 * A signed-in caller acting on devices (commands, irrigation runs, trap operations): who, and from
 * which address, as the operation record keeps it.
 */
export function actorOf(req: FastifyRequest) {
  return { ...authOf(req), ip: clientMeta(req).ip };
}
