// Small helpers shared by scripts/start.mjs and scripts/test.mjs (no dependencies: they run before npm install).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function log(msg) {
  console.log(`[farmpark] ${msg}`);
}

/**
 * Runs a command inheriting stdio; resolves when it exits 0, rejects otherwise. Asynchronous so that the install
 * of npm packages and of system packages can run side by side (scripts/test.mjs).
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

export function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Newest modification time under a file or folder (skipping node_modules and dist). */
export function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export async function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && newestMtime(marker) >= newestMtime(lock)) return;
  const fresh = !existsSync(path.join(ROOT, 'node_modules'));
  log(fresh ? 'installing dependencies (better-sqlite3 compiles, about 2 minutes)' : 'updating dependencies');
  // A fresh clone installs exactly the lock file; an existing tree is brought up to it.
  await run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

/** Builds the console when its output is missing or older than any of its sources. */
export async function ensureWebBuild() {
  const out = path.join(ROOT, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/web/public',
    'packages/contracts/src',
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (existsSync(out) && statSync(out).mtimeMs >= newest) return;
  log('building the console (vite build)');
  // a caller's NODE_ENV (vitest sets "test") would make Vite build React and antd in development mode
  await run('npm', ['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function waitForPort(port, host = '127.0.0.1', timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const sock = net.connect(port, host);
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > until) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts a long-running child; returns it. Output goes to our stdio unless `quiet`. */
export function startChild(cmd, args, opts = {}) {
  const { quiet, ...rest } = opts;
  return spawn(cmd, args, { cwd: ROOT, stdio: quiet ? 'ignore' : 'inherit', ...rest });
}
