import type { FastifyInstance, FastifyRequest } from 'fastify';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The image source a map tile URL template needs (`https://{s}.tile.example/{z}/{x}/{y}.png` ->
 * `https://*.tile.example`); '' when there is none. A host with a placeholder CSP cannot express
 * falls back to the scheme alone.
 */
export function tileSource(tileUrl: string): string {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!m) return '';
  const scheme = m[1].toLowerCase();
  const host = m[2].toLowerCase().replace(/^\{[^}]*\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) ? `${scheme}://${host}` : `${scheme}:`;
}

/** The Host the browser used, if it is a plain host[:port] (anything else never reaches a header). */
function requestHost(req: FastifyRequest): string | null {
  const host = String(req.headers.host ?? '');
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host) ? host : null;
}

/**
 * The console's policy: its own scripts only (no inline script, no eval), antd's CSS-in-JS inline
 * styles, pictures from here, data:/blob: URLs (charts saved as images, previews) and the map tiles,
 * the API and the MQTT WebSocket of this host, video from here or blob: (hls.js), no framing.
 */
export function contentSecurityPolicy(opts: { tileSource: string; host: string | null }): string {
  const sockets = opts.host ? ` ws://${opts.host} wss://${opts.host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${opts.tileSource ? ` ${opts.tileSource}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "media-src 'self' blob:",
    "frame-src 'self' blob:", // a report PDF previewed from the blob the console fetched with its token
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Headers on every answer: the content security policy (so a name that slipped into HTML still
 * cannot run script), no framing, no MIME sniffing, no full URLs in Referer. API answers carry
 * tenant data: `no-store` unless a route sets its own cache policy (a picture is `private`).
 */
export function installSecurityHeaders(app: FastifyInstance, opts: { mapTileUrl: string }): void {
  const tiles = tileSource(opts.mapTileUrl);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy({ tileSource: tiles, host: requestHost(req) }));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isApi(req.url)) reply.header('cache-control', 'no-store');
  });
}
