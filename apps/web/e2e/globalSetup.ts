import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './ownServer';

// End-to-end tests drive the built console served by a real server process: fresh SQLite data
// directory, demo seed, embedded broker, free ports on 127.0.0.1.
const ROOT = path.resolve(import.meta.dirname, '../../..');

async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mqttPort: number;
    /** The demo server's simulated-clock control (apps/server/src/demo/simControl.ts). */
    simControlPort: number;
  }
}

export default async function setup(project: TestProject) {
  // The server serves apps/web/dist: rebuild it when a source is newer, so a run never tests an old console.
  const { ensureWebBuild } = (await import(path.join(ROOT, 'scripts/lib/util.mjs'))) as { ensureWebBuild: () => void };
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmpark-e2e-'));
  const port = await freePort();
  const mqttPort = await freePort();
  const simControlPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SIM_CONTROL_PORT: String(simControlPort),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // a guard against a hang: seeding the demo takes a minute when the other shard starts beside it
  await waitReady(`${baseURL}/api/docs/json`, child, 180_000);
  project.provide('baseURL', baseURL);
  project.provide('mqttPort', mqttPort);
  project.provide('simControlPort', simControlPort);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // The server closes its sockets and database on SIGTERM; do not leave it running if it hangs.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
