import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// A demo server of a test's own (own data directory and ports), for tests that stop and start it:
// the shared server of globalSetup.ts must never go down under the other files.
const ROOT = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  baseURL: string;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s (open browser sockets may hold it). */
  stop(): Promise<void>;
}

export async function startOwnServer(o: { dataDir: string; port: number; mqttPort: number }): Promise<OwnServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DEMO: 'true',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(o.mqttPort),
      DATA_DIR: o.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const baseURL = `http://127.0.0.1:${o.port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`own server not ready at ${baseURL}`);
    const ok = await fetch(`${baseURL}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
