import { createServer, type Server } from 'node:http';
import type { SimClock } from '@farmpark/simulator';

/**
 * Tests only (SIM_CONTROL_PORT): moves the demo's simulated world forward, so an end-to-end test of a soil
 * probe drying below a smart rule's threshold takes a second, not five minutes of real time. Listens on
 * loopback only; `npm start` never opens it. `POST /advance?minutes=N` answers `{"aheadMs": ...}` once every
 * simulated device has published a reading taken at the new time.
 */
export async function startSimControl(port: number, clock: SimClock, publishAll: () => Promise<void>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const minutes = Number(url.searchParams.get('minutes'));
    if (req.method !== 'POST' || url.pathname !== '/advance' || !(minutes > 0 && minutes <= 24 * 60)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"POST /advance?minutes=1..1440"}');
      return;
    }
    clock.advance(minutes * 60_000);
    publishAll().then(() => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ aheadMs: clock.ahead }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
