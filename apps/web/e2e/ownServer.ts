import { cpSync } from 'node:fs';
import { type SpawnedServer, spawnServer } from '../../server/src/test/spawnServer';

// The one way the end-to-end tests run a demo server: globalSetup.ts's shared one, a test's own (own data
// directory and ports, for tests that stop and start it: the shared server must never go down under the
// other files), and the seeded data directory that `npm test` prepares once for every shard. The process, its
// ports and its readiness are the server tests' own (apps/server/src/test/spawnServer.ts).

export type OwnServer = Pick<SpawnedServer, 'baseURL' | 'port' | 'mqttPort' | 'simControlPort' | 'stop'>;

export interface OwnServerOptions {
  dataDir: string;
  /** Fixed ports (a restart on the ones of the first start); free ones are chosen when not given. */
  port?: number;
  mqttPort?: number;
  /** Opens the simulated clock's control (apps/server/src/demo/simControl.ts), for the shared server. */
  simControl?: boolean;
  /** Copied into `dataDir` before the start: a demo already seeded, so the server skips seeding. */
  seededFrom?: string;
  /** A guard against a hang: seeding the demo takes a minute when another shard starts beside it. */
  readyTimeoutMs?: number;
  /** The server's warnings and errors on the test's output (the shared server's), or kept to itself. */
  showLog?: boolean;
}

export async function startOwnServer(o: OwnServerOptions): Promise<OwnServer> {
  if (o.seededFrom) cpSync(o.seededFrom, o.dataDir, { recursive: true });
  const server = await spawnServer(
    o.dataDir,
    {
      DEMO: 'true',
      DATABASE_URL: '',
      ...(o.port ? { PORT: String(o.port) } : {}),
      ...(o.mqttPort ? { MQTT_PORT: String(o.mqttPort) } : {}),
    },
    { readyTimeoutMs: o.readyTimeoutMs, simControl: o.simControl, showLog: o.showLog },
  );
  // SIGKILL after five seconds by default: an open browser's sockets may hold a stopping server
  return { ...server, stop: (graceMs = 5_000) => server.stop(graceMs) };
}
