import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a lamp vendor's token endpoint (POST /token {key} -> {accessToken, expiresIn}),
 * for the demo and the tests: it accepts only `key` and hands out a fresh random token each time.
 */
export async function startLightCloudStandIn(
  key: string,
  expiresInS = 7200,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      if (raw.length < 4096) raw += c.toString('utf8');
    });
    req.on('end', () => {
      let given: unknown;
      try {
        given = (JSON.parse(raw) as { key?: unknown }).key;
      } catch {
        given = undefined;
      }
      const okay = req.method === 'POST' && req.url === '/token' && given === key;
      res.writeHead(okay ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(okay ? { accessToken: crypto.randomUUID(), expiresIn: expiresInS } : { error: 'bad key' }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
