import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { Code, MQTT_WS_PATH } from '@farmpark/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';

/** The methods API routes use (GET reads, POST writes); a path known under another one is 405, not 404. */
const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

function notBuiltPage(webDist: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>FarmPark</title>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto">
<h1>FarmPark server is running</h1>
<p>The console is not built yet: no <code>index.html</code> in <code>${webDist}</code>.</p>
<p>Build it with <code>npm run build</code> (or start everything with <code>npm start</code>), then reload this page.</p>
<p>The API is served under <code>/api</code>; its documentation is at <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;
}

/** /OC and /TC (SPEC §2, public): served the public trace page, without a byte of the console. */
const PUBLIC_TRACE_PATHS = new Set(['/OC', '/TC']);
const PUBLIC_TRACE_HTML = 'public-trace.html';

/** Vite names every file under assets/ by its content hash: a new release means a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed root files (logo, zod-config.js) name the current release: revalidate each time. */
const REVALIDATE = 'no-cache';

function cachePolicy(webDist: string, file: string): string {
  const rel = relative(webDist, file);
  return rel.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/**
 * One port for everything: built console files, and for any other GET outside /api and /mqtt the
 * console's index.html so client-side routes survive a reload. Unknown /api paths get 1005 (HTTP 404),
 * a known path with the wrong method 1013 (HTTP 405).
 * The build writes .br and .gz beside each hashed asset (apps/web/build/compressAssets.ts);
 * `preCompressed` picks one by Accept-Encoding and falls back to the plain file. /api answers stay `no-store` (securityHeaders.ts).
 */
export async function installSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const served = existsSync(webDist);
  if (served) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // The body depends on Accept-Encoding (preCompressed), so shared caches must key on it.
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cachePolicy(resolve(webDist), file));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (isApi(path)) {
      const allowed = API_METHODS.filter((m) => m !== req.method && app.hasRoute({ method: m, url: path }));
      if (allowed.length > 0) {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send(failure(Code.METHOD_NOT_ALLOWED, `${req.method} ${path}: use ${allowed.join(' or ')}`));
      }
      return reply.status(404).send(failure(Code.NOT_FOUND, `No such API: ${req.method} ${path}`));
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path === MQTT_WS_PATH) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // The consumer pages are their own small build entry (apps/web/public-trace.html), not the console.
    const page = PUBLIC_TRACE_PATHS.has(path) ? PUBLIC_TRACE_HTML : 'index.html';
    if (served && existsSync(resolve(webDist, page))) {
      return reply.header('cache-control', REVALIDATE).sendFile(page);
    }
    if (served && existsSync(resolve(webDist, 'index.html'))) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.status(200).type('text/html; charset=utf-8').send(notBuiltPage(webDist));
  });
}
