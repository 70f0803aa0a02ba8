import type { Screen } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { listVisibleScreens } from './repo';

export function screenRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  app.get(
    '/api/merchant/screen/getScreenList',
    { config: { permitUrl: null }, schema: { tags: ['screens'] } },
    async (req) => {
      const auth = authOf(req);
      const rows = await listVisibleScreens(db, { merchantId: auth.merchantId, groupIds: auth.groupIds });
      return ok(rows.map((s): Screen => ({ screenId: s.id, screenTitle: s.title, screenAddress: s.address })));
    },
  );
}
