import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The one way the end-to-end tests run a demo server: globalSetup.ts's shared one, a test's own (own data
// directory and ports, for tests that stop and start it: the shared server must never go down under the
// other files), and the seeded data directory that `npm test` prepares once for every shard.
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
  /** SIGTERM, then SIGKILL if it has not exited within the grace (open browser sockets may hold it). */
  stop(graceMs?: number): Promise<void>;
}

export interface OwnServerOptions {
  dataDir: string;
  port: number;
  mqttPort: number;
  /** The simulated clock's control port (apps/server/src/demo/simControl.ts), for the shared server. */
  simControlPort?: number;
  /** Copied into `dataDir` before the start: a demo already seeded, so the server skips seeding. */
  seededFrom?: string;
  /** A guard against a hang: seeding the demo takes a minute when another shard starts beside it. */
  readyTimeoutMs?: number;
  /** The server's warnings and errors on the test's output (the shared server's), or dropped. */
  showLog?: boolean;
}

export async function startOwnServer(o: OwnServerOptions): Promise<OwnServer> {
  if (o.seededFrom) cpSync(o.seededFrom, o.dataDir, { recursive: true });
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
      ...(o.simControlPort ? { SIM_CONTROL_PORT: String(o.simControlPort) } : {}),
    },
    stdio: ['ignore', o.showLog ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const baseURL = `http://127.0.0.1:${o.port}`;
  const until = Date.now() + (o.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`demo server exited with ${child.exitCode} before it was ready`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`demo server not ready at ${baseURL}`);
    }
    const ok = await fetch(`${baseURL}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    async stop(graceMs = 5_000) {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
