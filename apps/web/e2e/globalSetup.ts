import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium';
import { startOwnServer } from './ownServer';

// End-to-end tests drive the built console served by a real server process: fresh SQLite data
// directory, demo seed, embedded broker, free ports on 127.0.0.1. `npm test` seeds the demo once for
// every shard (E2E_DEMO_DATA, prepareDemoData.ts); a run of its own seeds its own.
const ROOT = path.resolve(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mqttPort: number;
    /** The demo server's simulated-clock control (apps/server/src/demo/simControl.ts). */
    simControlPort: number;
    /** The shard's Chromium, which each file connects to (browser.ts `launch`). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  // The server serves apps/web/dist: rebuild it when a source is newer, so a run never tests an old console.
  const { ensureWebBuild } = (await import(path.join(ROOT, 'scripts/lib/util.mjs'))) as {
    ensureWebBuild: () => Promise<void>;
  };
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmpark-e2e-'));
  const server = await startOwnServer({
    dataDir,
    simControl: true,
    seededFrom: process.env.E2E_DEMO_DATA || undefined,
    readyTimeoutMs: 180_000,
    showLog: true,
  });
  project.provide('baseURL', server.baseURL);
  project.provide('mqttPort', server.mqttPort);
  project.provide('simControlPort', server.simControlPort);
  const chromiumServer = await launchChromiumServer();
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    // The server closes its sockets and database on SIGTERM; do not leave it running if it hangs.
    await server.stop(10_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
