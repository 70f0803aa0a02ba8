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
  for (let attempt = 1; ; attempt++) {
    try {
      slot.server = await spawnServer(dataDir, slot.env);
      return;
    } catch (err) {
      // A port is free when chosen, not when listened on: an e2e shard starting beside the harness took one.
      // Before its first start a slot may move; a restarted slot keeps its port (its broker identity).
      const taken = new RegExp(`EADDRINUSE[^\\n]*:${slot.port}\\b`).test((err as Error).message);
      if (slot.server !== null || !taken || attempt >= 3) throw err;
      slot.port = await freePort();
      slot.env = { ...slot.env, PORT: String(slot.port) };
    }
  }
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
