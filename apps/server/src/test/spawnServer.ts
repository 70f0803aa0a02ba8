import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process, for tests and benchmarks that must kill it (SIGKILL) or measure it without
 * sharing a process with the load, and for the end-to-end tests' demo servers. It imports no server module (the
 * console's type check reads it through apps/web/e2e); the data it runs on is prepareData.ts's.
 */
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface SpawnedServer {
  proc: ChildProcess;
  port: number;
  mqttPort: number;
  /** The simulated clock's control port (0 unless `simControl` asked for one). */
  simControlPort: number;
  baseURL: string;
  /** SIGTERM and wait for exit; SIGKILL after `graceMs` if given (open browser sockets may hold it). */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL and wait for exit. */
  kill(): Promise<void>;
  output(): string;
}

export interface SpawnOptions {
  /** A guard against a hang (default 60 s): a demo seeded beside an end-to-end shard takes longer. */
  readyTimeoutMs?: number;
  /** Opens the demo's simulated-clock control (apps/server/src/demo/simControl.ts) on a free port too. */
  simControl?: boolean;
  /** Also writes the server's output to this process's own as it comes (a long-lived test server's warnings). */
  showLog?: boolean;
}

/** Ports a server listens on, by the variable that names each. */
type PortName = 'PORT' | 'MQTT_PORT' | 'SIM_CONTROL_PORT';

/** Output kept for `output()` and start-up errors: the last this many characters. */
const KEEP_OUTPUT = 1 << 20;

/**
 * A server process on free ports. A free port is free when asked, not when the child listens: another process
 * started at the same moment (an end-to-end shard beside the cluster harness, or any outgoing connection given
 * that port meanwhile) can take it first, so a start that finds a port it chose taken is tried again on new ones
 * (a port the caller fixed in `env` is the caller's to change). Ready is the child's own "FarmPark console:"
 * line, never an answer on the port, which could come from whichever process holds it.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const names: PortName[] = ['PORT', 'MQTT_PORT', ...(options.simControl ? (['SIM_CONTROL_PORT'] as const) : [])];
  for (let attempt = 1; ; attempt++) {
    const chosen: Partial<Record<PortName, string>> = {};
    for (const name of names) if (env[name] === undefined) chosen[name] = String(await freePort());
    try {
      return await spawnOnce(dataDir, { ...chosen, ...env }, options);
    } catch (err) {
      const taken = /EADDRINUSE[^\n]*:(\d+)/.exec((err as Error).message)?.[1];
      if (attempt >= 3 || !taken || !Object.values(chosen).includes(taken)) throw err;
    }
  }
}

async function spawnOnce(dataDir: string, env: Record<string, string>, options: SpawnOptions): Promise<SpawnedServer> {
  const proc = spawn(
    process.execPath,
    [...(process.env.FARMPARK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (into: NodeJS.WriteStream) => (b: Buffer) => {
    out = (out + b).slice(-KEEP_OUTPUT);
    if (options.showLog) into.write(b);
  };
  proc.stdout?.on('data', keep(process.stdout));
  proc.stderr?.on('data', keep(process.stderr));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const readyMs = options.readyTimeoutMs ?? 60_000;
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      rej(new Error(`server did not start in ${readyMs / 1000} s:\n${out}`));
    }, readyMs);
    const check = () => {
      if (out.includes('FarmPark console:')) {
        clearTimeout(timer);
        res();
      }
    };
    proc.stdout?.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  });
  const port = Number(env.PORT);
  return {
    proc,
    port,
    mqttPort: Number(env.MQTT_PORT),
    simControlPort: Number(env.SIM_CONTROL_PORT ?? 0),
    baseURL: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop(graceMs?: number) {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const timer = graceMs === undefined ? undefined : setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
