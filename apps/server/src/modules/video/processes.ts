import { ffmpegAvailable, launchFfmpeg, stopFfmpeg } from './ffmpeg';

/**
 * The one owner of video's child processes (issue 25): live relays, snapshots, codec probes and time-lapses
 * all start here, so one place counts them against a cap per server and per merchant, never writes to a
 * child that has ended, stops them and frees their place when they end. (The simulators' scenes, test and
 * demo only, start their own through ffmpeg.ts.)
 */
export type ProcessPurpose = 'live' | 'record' | 'clip' | 'snapshot' | 'probe' | 'timelapse';

export interface ProcessJob {
  /** Whose work it is: counted against that merchant's share (null: the server's own). */
  merchantId: number | null;
  purpose: ProcessPurpose;
  /** ffmpeg describes its input (`-loglevel info`): the codec probe reads the words (no ffprobe needed). */
  describe?: boolean;
  args: string[];
  /** Keep stdin open: commands, and `q` to stop cleanly. */
  stdin?: boolean;
  /** A long-running process whose output is read as it comes (`OwnedProcess.output`: the live fMP4). */
  stdout?: boolean;
}

/** The cap was reached: `fault` says whose (the whole server's or the merchant's share). */
export class ProcessCapError extends Error {
  constructor(readonly fault: 'busy' | 'busy-merchant') {
    super(fault === 'busy' ? 'the server runs as many video processes as allowed' : "the merchant's share is used");
  }
}

/** A run that did not end well: ffmpeg's last words, and whether the time allowed ran out first. */
export class ProcessFailed extends Error {
  constructor(
    readonly words: string,
    readonly timedOut: boolean,
  ) {
    super(words || (timedOut ? 'no answer in time' : 'ended without a word'));
  }
}

export interface OwnedProcess {
  readonly purpose: ProcessPurpose;
  readonly merchantId: number | null;
  readonly pid: number | undefined;
  /** Still running. */
  alive(): boolean;
  /** Writes to stdin if the child still reads it; false (nothing written) once it has ended. */
  feed(text: string): boolean;
  /** `q`, then SIGKILL after 3 s; resolves when it has ended. */
  stop(): Promise<void>;
  /** Resolves when the process has ended and its place is free again. */
  readonly ended: Promise<void>;
  exitCode(): number | null;
  lastError(): string;
  onStderr(listener: (chunk: string) => void): void;
  /** stdout, when the job asked for it (`stdout: true`); null otherwise. */
  readonly output: NodeJS.ReadableStream | null;
}

export interface ProcessOwnerOptions {
  ffmpeg: string;
  maxProcesses: number;
  maxPerMerchant: number;
}

export function createProcessOwner(opts: ProcessOwnerOptions) {
  const children = new Set<OwnedProcess>();
  const perMerchant = new Map<number, number>();
  let closing = false;

  function reserve(merchantId: number | null): void {
    if (closing || children.size >= opts.maxProcesses) throw new ProcessCapError('busy');
    if (merchantId !== null && (perMerchant.get(merchantId) ?? 0) >= opts.maxPerMerchant)
      throw new ProcessCapError('busy-merchant');
  }

  function launch(job: ProcessJob, stdout: boolean) {
    reserve(job.merchantId);
    const proc = launchFfmpeg(opts.ffmpeg, job.args, {
      stdin: job.stdin,
      stdout,
      loglevel: job.describe ? 'info' : 'error',
    });
    let over = false;
    const ended = new Promise<void>((resolve) => proc.once('close', () => resolve()));
    const child: OwnedProcess = {
      purpose: job.purpose,
      merchantId: job.merchantId,
      pid: proc.pid,
      alive: () => !over && proc.exitCode === null && proc.signalCode === null,
      feed(text) {
        if (!child.alive() || !proc.stdin?.writable || proc.stdin.destroyed) return false;
        proc.stdin.write(text);
        return true;
      },
      stop: async () => {
        if (child.alive()) await stopFfmpeg(proc);
        await ended;
      },
      ended,
      exitCode: () => proc.exitCode,
      lastError: () => proc.lastError(),
      onStderr: (listener) => void proc.stderr?.on('data', (c: Buffer) => listener(c.toString('utf8'))),
      output: stdout ? proc.stdout : null,
    };
    children.add(child);
    if (job.merchantId !== null) perMerchant.set(job.merchantId, (perMerchant.get(job.merchantId) ?? 0) + 1);
    // The place is free when the process is gone (reaped), however it ended.
    void ended.then(() => {
      over = true;
      children.delete(child);
      if (job.merchantId === null) return;
      const left = (perMerchant.get(job.merchantId) ?? 1) - 1;
      if (left > 0) perMerchant.set(job.merchantId, left);
      else perMerchant.delete(job.merchantId);
    });
    return { child, proc };
  }

  function runJob(job: ProcessJob, timeoutMs: number, stderr: boolean): Promise<Buffer> {
    const { child, proc } = launch(job, !stderr);
    return new Promise((resolve, reject) => {
      const out: Buffer[] = [];
      let size = 0;
      const keep = (c: Buffer) => {
        if (size > 65_536) return;
        size += c.length;
        out.push(c);
      };
      if (stderr) proc.stderr?.on('data', keep);
      else proc.stdout?.on('data', keep);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        proc.kill('SIGKILL');
      }, timeoutMs);
      void child.ended.then(() => {
        clearTimeout(timer);
        if (proc.exitCode === 0 && !timedOut) resolve(Buffer.concat(out));
        else reject(new ProcessFailed(proc.lastError(), timedOut));
      });
    });
  }

  return {
    /** ffmpeg can be run at all (FFMPEG_PATH). */
    available: () => ffmpegAvailable(opts.ffmpeg),

    /** A long-running process (a live relay, a time-lapse); throws ProcessCapError at the cap. */
    start(job: ProcessJob): OwnedProcess {
      return launch(job, job.stdout === true).child;
    },

    /**
     * Runs to the end and answers stdout (a JPEG, a probe's answer); a process still running after
     * `timeoutMs` is killed. Rejects with ProcessFailed (or ProcessCapError before it starts).
     */
    run(job: ProcessJob, timeoutMs: number): Promise<Buffer> {
      return runJob(job, timeoutMs, false);
    },

    /** Like `run`, but answers everything ffmpeg wrote on stderr (at most 64 KB): its words about the input. */
    async words(job: ProcessJob, timeoutMs: number): Promise<string> {
      return (await runJob({ ...job, describe: true }, timeoutMs, true)).toString('utf8');
    },

    /** How many run now, in all and for a merchant. */
    count(merchantId?: number): number {
      return merchantId === undefined ? children.size : (perMerchant.get(merchantId) ?? 0);
    },

    /** Stops every child and refuses new ones (the server is shutting down). */
    async close(): Promise<void> {
      closing = true;
      await Promise.all([...children].map((c) => c.stop()));
    },
  };
}

export type ProcessOwner = ReturnType<typeof createProcessOwner>;
