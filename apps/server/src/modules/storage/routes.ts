import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileUsage } from '../../files/ledger';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';

/**
 * The company's disk use in the file store against its quota (files/ledger.ts): every signed-in user of the
 * company reads it, since anyone who uploads meets the quota; data-screen accounts do not (they upload nothing).
 */
export function storageRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/storage/getFileUsage',
    { config: { permitUrl: null }, schema: { tags: ['storage'] } },
    async (req) => ok(await fileUsage(db, authOf(req).merchantId)),
  );
}
