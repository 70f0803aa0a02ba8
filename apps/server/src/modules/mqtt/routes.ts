import type { MqttConnectParam } from '@farmpark/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';

/** Where the browser reached us: the broker's WebSocket shares that origin (ws or wss, same host and port). */
export function connectParam(req: FastifyRequest, userId: number, token: string): MqttConnectParam {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  const secure = forwarded === 'https' || (!forwarded && req.protocol === 'https');
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '127.0.0.1')
    .split(',')[0]
    .trim();
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  const hostname = m?.[1] ?? '127.0.0.1';
  const port = m?.[2] ? Number(m[2]) : secure ? 443 : 80;
  return { username: `u${userId}`, password: token, mqttUrl: `${secure ? 'wss' : 'ws'}://${hostname}`, port };
}

export function mqttRoutes(app: FastifyInstance, _deps: ModuleDeps): void {
  app.get(
    '/api/merchant/mqtt/getConnectParam',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags: ['mqtt'] } },
    async (req) => {
      const auth = authOf(req);
      return ok(connectParam(req, auth.userId, req.sessionToken ?? ''));
    },
  );
}
