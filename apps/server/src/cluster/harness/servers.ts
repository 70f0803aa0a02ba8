import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@farmpark/contracts';
import { DEMO_PASSWORD } from '../../demo/data';
import { freePort, type SpawnedServer, spawnServer } from '../../test/spawnServer';

/** One slot of the set: a fixed port (so a restarted process has the same broker client id and session). */
export interface Slot {
  name: string;
  port: number;
  server: SpawnedServer | null;
  env: Record<string, string>;
}

export async function makeSlots(n: number, env: Record<string, string>): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    slots.push({ name: `server-${i + 1}`, port, server: null, env: { ...env, PORT: String(port) } });
  }
  return slots;
}

export async function startSlot(slot: Slot): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `farmpark-${slot.name}-`));
  slot.server = await spawnServer(dataDir, slot.env);
}

/** A small API client of one process, as the console calls it (JSON bodies, AuthToken). */
export function api(port: number, token = '') {
  const base = `http://127.0.0.1:${port}`;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { AuthToken: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
    return env.data;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: object) => call<T>('POST', path, body),
  };
}

export async function login(port: number, loginName = 'demo'): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/merchant/login/loginByPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ loginName, loginPwd: DEMO_PASSWORD }).toString(),
  });
  const env = (await res.json()) as Envelope<string>;
  if (env.code !== 0) throw new Error(`login ${loginName}: ${env.code} ${env.msg}`);
  return env.data;
}
