import { groupIdQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { requirePark } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { weatherNow } from './service';

/** The top bar's weather: every signed-in user sees the top bar, so no page permission is asked. */
export function weatherRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/weather/getWeatherNow',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags: ['weather'], querystring: groupIdQuery } },
    async (req) => {
      const who = authOf(req);
      requirePark(who, req.query.groupId);
      return ok(await weatherNow(db, who, req.query.groupId, config.weather, clientMeta(req).ip));
    },
  );
}
