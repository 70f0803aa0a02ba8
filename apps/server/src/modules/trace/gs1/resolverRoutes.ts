import { messageLang } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DigitalLink, pageOf, parseDigitalLink, pathOf } from './digitalLink';
import { badLinkPage } from './resolverPage';

/**
 * A GS1 Digital Link resolver for the paths printed in QR codes of batches with a GTIN (outside /api, public):
 * a link opens its page (302: the code's page, or the product's for `/01/{gtin}` and `/01/{gtin}/10/{lot}`);
 * `linkType=all` (or asking for application/linkset+json) answers the link set (RFC 9264); a link that breaks
 * the syntax or has a wrong check digit answers 400 with a page in the reader's language. Whether a serial
 * is of this GTIN and lot is the public page's answer (it says "another product"), not a redirect's.
 */
const LINKSET = 'application/linkset+json';
const VOC = 'https://gs1.org/voc/';

function linkset(req: FastifyRequest, link: DigitalLink) {
  const origin = `${req.protocol}://${req.host}`;
  const zh = messageLang(req.headers['accept-language']) === 'zh';
  const target = (href: string, zhTitle: string, enTitle: string) => [
    { href: `${origin}${href}`, title: zh ? zhTitle : enTitle, type: 'text/html', hreflang: ['zh-CN', 'en-US'] },
  ];
  const product = pageOf({ gtin: link.gtin, lot: link.lot });
  const set: Record<string, unknown> = {
    anchor: `${origin}${pathOf(link)}`,
    [`${VOC}defaultLink`]: target(pageOf(link), '产品溯源', 'Product traceability'),
    [`${VOC}pip`]: target(product, '产品信息', 'Product information'),
  };
  if (link.serial !== undefined) set[`${VOC}traceability`] = target(pageOf(link), '溯源信息', 'Traceability');
  return { linkset: [set] };
}

function resolve(req: FastifyRequest, reply: FastifyReply) {
  const [path, search = ''] = req.url.split('?');
  const parsed = parseDigitalLink(path);
  if (!parsed.ok)
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(badLinkPage(messageLang(req.headers['accept-language']), parsed.part, parsed.value));
  const linkType = new URLSearchParams(search).get('linkType');
  const accept = String(req.headers.accept ?? '');
  if (linkType === 'all' || (accept.includes(LINKSET) && !accept.includes('text/html')))
    return reply
      .type(LINKSET)
      .header('link', `<${pathOf(parsed.link)}?linkType=all>; rel="linkset"; type="${LINKSET}"`)
      .send(JSON.stringify(linkset(req, parsed.link)));
  return reply.redirect(pageOf(parsed.link), 302);
}

export function gs1ResolverRoutes(app: FastifyInstance): void {
  app.get('/01/*', { config: { public: true }, schema: { hide: true } }, resolve);
  app.get('/01', { config: { public: true }, schema: { hide: true } }, resolve);
}
