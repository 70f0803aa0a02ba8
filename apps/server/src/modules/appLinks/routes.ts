import { alterAppLinksBody, publicAppLinksQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { alterAppLinks, appLinksInfo, linksOf } from './service';

/**
 * App download links and the help address: every signed-in user reads them (the top bar), an
 * administrator changes the links, and the public /download-app page reads one merchant's links only.
 */
export function appLinksRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appLinks'];
  r.get('/api/merchant/app/getAppLinks', { config: { permitUrl: null }, schema: { tags } }, async (req) =>
    ok(await appLinksInfo(db, authOf(req), { helpUrl: config.helpUrl, newScreenUrl: config.newScreenUrl })),
  );
  r.post(
    '/api/merchant/app/alterAppLinks',
    { config: { permitUrl: null }, schema: { tags, body: alterAppLinksBody } },
    async (req) => ok(await alterAppLinks(db, authOf(req), clientMeta(req), req.body)),
  );
  // Published on purpose (download addresses): an unknown merchant answers like one with none set.
  r.get(
    '/api/public/app/getAppLinks',
    { config: { public: true }, schema: { tags, querystring: publicAppLinksQuery } },
    async (req) => ok(await linksOf(db, req.query.merchantId)),
  );
}
