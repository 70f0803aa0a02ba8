import { Code } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/connect';
import { type AuthenticatedDevice, authenticateDevice } from '../modules/devices/credentials';
import { failure } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `deviceAuth` on device routes; null elsewhere. */
    device: AuthenticatedDevice | null;
  }
}

/** `X-Device-Serial` + `X-Device-Secret`, or HTTP Basic `serial:secret`. */
function deviceCredentialsOf(req: FastifyRequest): { serial: string; secret: string } | null {
  const header = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
  };
  const serial = header('x-device-serial');
  const secret = header('x-device-secret');
  if (serial && secret) return { serial, secret };
  const basic = /^Basic\s+(\S+)$/i.exec(header('authorization'));
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { serial: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The one check for HTTP calls made by a device itself (picture uploads, detection reports): its
 * serial and secret, against the database. Runs in `onRequest`, before the body is read, so an
 * unknown caller cannot make us receive megabytes. Use as the route's `onRequest` and read the
 * device with `deviceOf(req)`; the route itself declares `config: { public: true }` (no user session).
 */
export function deviceAuth(app: FastifyInstance, db: Db): onRequestAsyncHookHandler {
  if (!app.hasRequestDecorator('device')) app.decorateRequest('device', null);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const creds = deviceCredentialsOf(req);
    try {
      if (!creds) throw new Error('no credentials');
      req.device = await authenticateDevice(db, creds.serial, creds.secret);
    } catch (err) {
      // Why it failed (unknown serial, no secret yet, wrong secret) goes to the log only.
      req.log.info({ serial: creds?.serial, reason: (err as Error).message }, 'device authentication failed');
      return reply
        .status(401)
        .header('www-authenticate', 'Basic realm="farmpark-device"')
        .send(failure(Code.PERMISSION_DENIED, 'Device authentication failed: check the serial and secret'));
    }
  };
}

/** For handlers of routes guarded by `deviceAuth`. */
export function deviceOf(req: FastifyRequest): AuthenticatedDevice {
  if (!req.device) throw new Error(`No device on ${req.method} ${req.url}: route is not guarded by deviceAuth`);
  return req.device;
}
