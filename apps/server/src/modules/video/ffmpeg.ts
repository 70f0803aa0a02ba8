import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

/**
 * The one door to the ffmpeg binary. Which one (`resolveFfmpeg`): FFMPEG_PATH when set; else the system's
 * `ffmpeg` on PATH (installed through apt by `npm test` on Debian); else the binary shipped in the npm
 * package `@ffmpeg-installer/<platform>-<arch>` (an optional dependency of the server, so `npm install`
 * brings video to a machine without ffmpeg). Video answers "no-ffmpeg" instead of failing when none is found.
 * ffprobe is not needed: the npm package has none, and the codec probe reads ffmpeg's own description of
 * the input (codec.ts).
 */
export type FfmpegSource = 'FFMPEG_PATH' | 'system' | 'npm' | 'none';
export interface FfmpegChoice {
  path: string;
  source: FfmpegSource;
  /** For the start banner: where it came from, in words. */
  describe: string;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The npm package's binary for this platform, or null when the optional package is not installed. */
export function npmFfmpeg(): { path: string; pkg: string; version: string } | null {
  const pkg = `@ffmpeg-installer/${process.platform}-${process.arch}`;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
    const path = join(dirname(manifest), process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    const version = (createRequire(import.meta.url)(manifest) as { version: string }).version;
    return executable(path) ? { path, pkg, version } : null;
  } catch {
    return null;
  }
}

/** Chooses the ffmpeg to run from an environment (its FFMPEG_PATH and PATH; PATH defaults to this process's). */
export function resolveFfmpeg(env: Record<string, string | undefined> = process.env): FfmpegChoice {
  const set = env.FFMPEG_PATH?.trim();
  if (set) return { path: set, source: 'FFMPEG_PATH', describe: `${set} (FFMPEG_PATH)` };
  for (const dir of (env.PATH ?? process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, 'ffmpeg');
    if (executable(file)) return { path: file, source: 'system', describe: `${file} (system)` };
  }
  const shipped = npmFfmpeg();
  if (shipped)
    return {
      path: shipped.path,
      source: 'npm',
      describe: `${shipped.path} (npm package ${shipped.pkg} ${shipped.version})`,
    };
  return { path: 'ffmpeg', source: 'none', describe: 'none found (install ffmpeg or set FFMPEG_PATH)' };
}

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

/**
 * The RTSP input's socket timeout option: `-timeout` since ffmpeg 5 (libavformat 59); before it (the npm
 * package's ffmpeg is 4.1) `-timeout` made RTSP *listen* and the socket timeout was `-stimeout`.
 */
const rtspFlags = new Map<string, '-timeout' | '-stimeout'>();
export function rtspTimeoutFlag(path: string): '-timeout' | '-stimeout' {
  let flag = rtspFlags.get(path);
  if (!flag) {
    const r = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
    const major = Number(/libavformat\s+(\d+)\./.exec(r.stdout ?? '')?.[1] ?? 59);
    flag = major < 59 ? '-stimeout' : '-timeout';
    rtspFlags.set(path, flag);
  }
  return flag;
}

/** The binary the tests use (the same choice as the server's); tests use `it.skipIf(!hasFfmpeg)` with this. */
export const DEFAULT_FFMPEG = resolveFfmpeg().path;
export const hasFfmpeg = ffmpegAvailable(DEFAULT_FFMPEG);

/**
 * Long-running ffmpeg (live streams, simulated scenes) must not outlive a server that is killed: on Linux
 * util-linux's setpriv gives it a parent-death signal. Elsewhere the server's own shutdown stops them.
 */
const SETPRIV = '/usr/bin/setpriv';
const withParentDeath = existsSync(SETPRIV);

export type FfmpegProcess = ChildProcess & { lastError: () => string };

/**
 * Starts ffmpeg quietly (errors only, no banner), under the parent-death signal when there is
 * one; stderr is kept (last 4 KB) for the error message. stdin and stdout are pipes only when asked.
 */
export function launchFfmpeg(
  path: string,
  args: string[],
  o: { stdin?: boolean; stdout?: boolean; env?: NodeJS.ProcessEnv; loglevel?: 'error' | 'info' } = {},
): FfmpegProcess {
  const all = ['-hide_banner', '-nostats', '-loglevel', o.loglevel ?? 'error', ...args];
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

/**
 * The first video stream's codec in ffmpeg's description of its input (`-loglevel info`): the line
 * `Stream #0:0: Video: h264 (High) ...` (or `Stream #0:1[0x100]: Video: ...`); null when there is none.
 */
export function videoCodecIn(words: string): string | null {
  return /Stream #\d+:\d+\S*: Video: ([\w-]+)/.exec(words)?.[1] ?? null;
}

/** ffmpeg's arguments that read one video packet of the input and describe it (no ffprobe needed). */
export const DESCRIBE_ARGS = ['-map', '0:v:0', '-c', 'copy', '-frames:v', '1', '-f', 'null', '-'];
