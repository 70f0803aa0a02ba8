import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The one door to the ffmpeg binary (the system's, installed through apt by `npm test` on Debian, or the
 * path in FFMPEG_PATH). Video answers "no-ffmpeg" instead of failing when it is missing.
 */
const checked = new Map<string, boolean>();
export function ffmpegAvailable(path: string): boolean {
  let known = checked.get(path);
  if (known === undefined) {
    const r = spawnSync(path, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    known = r.status === 0;
    checked.set(path, known);
  }
  return known;
}

/** The default binary; tests use `it.skipIf(!hasFfmpeg)` with this. */
export const DEFAULT_FFMPEG = 'ffmpeg';
export const hasFfmpeg = ffmpegAvailable(DEFAULT_FFMPEG);

/** ffprobe sits beside ffmpeg in every distribution of it. */
export function ffprobeOf(ffmpeg: string): string {
  return ffmpeg.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
}

/**
 * Long-running ffmpeg (live streams, simulated scenes) must not outlive a server that is killed: on Linux
 * util-linux's setpriv gives it a parent-death signal. Elsewhere the server's own shutdown stops them.
 */
const SETPRIV = '/usr/bin/setpriv';
const withParentDeath = existsSync(SETPRIV);

export type FfmpegProcess = ChildProcess & { lastError: () => string };

/**
 * Starts ffmpeg or ffprobe quietly (errors only, no banner), under the parent-death signal when there is
 * one; stderr is kept (last 4 KB) for the error message. stdin and stdout are pipes only when asked.
 */
export function launchFfmpeg(
  path: string,
  args: string[],
  o: { stdin?: boolean; stdout?: boolean; env?: NodeJS.ProcessEnv } = {},
): FfmpegProcess {
  const all = ['-hide_banner', '-loglevel', 'error', ...args];
  const proc = spawn(
    withParentDeath ? SETPRIV : path,
    withParentDeath ? ['--pdeathsig', 'KILL', '--', path, ...all] : all,
    { stdio: [o.stdin ? 'pipe' : 'ignore', o.stdout ? 'pipe' : 'ignore', 'pipe'], env: o.env },
  ) as FfmpegProcess;
  // A child that died on its own (a refused connection) has closed its stdin: the `q` that stops it then
  // fails with EPIPE, an 'error' event that would end the whole server unheard. Its end is seen on 'close'.
  proc.stdin?.on('error', () => {});
  let tail = '';
  proc.stderr?.on('data', (c: Buffer) => {
    tail = (tail + c.toString('utf8')).slice(-4096);
  });
  proc.on('error', (err) => {
    tail += err.message;
  });
  proc.lastError = () => tail.trim();
  return proc;
}

/** A long-running ffmpeg of the simulators and tests (the server's own go through processes.ts). */
export function spawnFfmpeg(path: string, args: string[], stdin = false, env?: NodeJS.ProcessEnv): FfmpegProcess {
  return launchFfmpeg(path, args, { stdin, env });
}

/** Runs ffmpeg to the end and gives its stdout (the simulators and tests; the server's own: processes.ts). */
export function runFfmpeg(path: string, args: string[], timeoutMs = 20_000, env?: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.stdout.on('data', (c: Buffer) => out.push(c));
    proc.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-2048);
    });
    proc.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    proc.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited with ${code}: ${err.trim().split('\n').slice(-2).join(' ')}`));
    });
  });
}

/** Ends a child: `q` on stdin lets ffmpeg close its files; SIGKILL if it has not gone in 3 s. */
export function stopFfmpeg(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
    proc.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    if (proc.stdin?.writable) proc.stdin.end('q');
    else proc.kill('SIGTERM');
  });
}
