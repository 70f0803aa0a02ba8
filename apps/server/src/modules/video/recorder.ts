import { mkdirSync } from 'node:fs';
import { readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';
import { asFailure } from './faults';
import type { OwnedProcess } from './processes';
import * as segs from './recordingRepo';
import { type CameraRow, cameraById } from './repo';
import { cameraSource, inputArgs } from './source';
import type { StreamDeps } from './streams';

/**
 * Recording around the clock (issue 25, point 2; docs/VIDEO.md): every camera set to `record_always` gets a
 * recorder, one ffmpeg (through the owner, purpose `record`) copying its H.264 into segment files of
 * `VIDEO_RECORD_SEGMENT_SECONDS` (`DATA_DIR/recordings/<camera>/r<epoch s>.ts`), whether anyone watches or
 * not. A tick (every few seconds, never blocking the event loop: only asynchronous file calls) starts the
 * recorders that should run, indexes finished files in `video_segments`, restarts a recorder that ended (a
 * camera outage) after a backoff of 5 s doubling to 5 minutes, and prunes oldest first: past the kept days,
 * past each merchant's quota, and while the disk has less than the free floor.
 */
const FILE = /^r(\d{9,11})\.ts$/;
const BACKOFF_MS = 5000;
const BACKOFF_MAX_MS = 300_000;
const PRUNE_BATCH = 200;

export function recordingsRoot(config: Config): string {
  return join(config.dataDir, 'recordings');
}

interface Running {
  proc: OwnedProcess;
  stopping: boolean;
}
interface Backoff {
  failures: number;
  next: number;
}

/** The recorder needs what the stream manager needs (the owner, the health, the codec probe). */
export function createRecorder(deps: StreamDeps) {
  const { db, config } = deps;
  const root = recordingsRoot(config);
  const running = new Map<number, Running>();
  const backoff = new Map<number, Backoff>();
  const lastIndexed = new Map<number, number>();
  const merchantOf = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let lastPrune = 0;
  let closed = false;

  const dirOf = (cameraId: number) => join(root, String(cameraId));

  async function begin(cam: CameraRow): Promise<void> {
    const src = await cameraSource(deps, cam);
    const codec =
      cam.kind === 'ezviz'
        ? 'h264'
        : await deps.codecs.probe(cam.merchant_id, src, {
            inputArgs: inputArgs(src),
            timeoutMs: 15_000,
          });
    const video =
      codec === 'h264'
        ? ['-c:v', 'copy']
        : [
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-pix_fmt',
            'yuv420p',
            '-force_key_frames',
            'expr:gte(t,n_forced*2)',
          ];
    const dir = dirOf(cam.id);
    mkdirSync(dir, { recursive: true });
    // biome-ignore format: one option per line reads better
    const args = [
      ...inputArgs(src, 20),
      '-map', '0:v:0', ...video, '-an',
      '-f', 'segment', '-segment_time', String(config.video.recordSegmentSeconds), '-segment_format', 'mpegts',
      '-strftime', '1', join(dir, 'r%s.ts'),
    ];
    if (closed || running.has(cam.id)) return;
    const proc = deps.owner.start({ merchantId: cam.merchant_id, purpose: 'record', args, stdin: true });
    const r: Running = { proc, stopping: false };
    running.set(cam.id, r);
    void proc.ended.then(async () => {
      if (running.get(cam.id) === r) running.delete(cam.id);
      if (r.stopping) return;
      // the camera went away (or never answered): try again later, longer each time
      const b = backoff.get(cam.id) ?? { failures: 0, next: 0 };
      b.failures++;
      b.next = Date.now() + Math.min(BACKOFF_MS * 2 ** (b.failures - 1), BACKOFF_MAX_MS);
      backoff.set(cam.id, b);
      await deps.health.failed(cam, asFailure(new Error(proc.lastError() || 'the recorder ended'), [cam.stream_url]));
    });
  }

  async function startWanted(now: number): Promise<void> {
    const wanted = new Set(await segs.recordingCameraIds(db));
    for (const [id, r] of running)
      if (!wanted.has(id)) {
        r.stopping = true;
        await r.proc.stop();
      }
    for (const id of wanted) {
      if (running.has(id) || (backoff.get(id)?.next ?? 0) > now) continue;
      const cam = await cameraById(db, id);
      if (!cam) continue;
      merchantOf.set(id, cam.merchant_id);
      try {
        await begin(cam);
      } catch (err) {
        const b = backoff.get(id) ?? { failures: 0, next: 0 };
        b.failures++;
        b.next = now + Math.min(BACKOFF_MS * 2 ** (b.failures - 1), BACKOFF_MAX_MS);
        backoff.set(id, b);
        const failure = asFailure(err, [cam.stream_url]);
        if (failure.fault !== 'busy' && failure.fault !== 'busy-merchant') await deps.health.failed(cam, failure);
        deps.log?.warn({ cameraId: id, fault: failure.fault }, 'video recorder could not start');
      }
    }
  }

  /** Indexes the finished files of every camera folder (the one being written stays until it is closed). */
  async function index(): Promise<number> {
    let added = 0;
    let cams: string[];
    try {
      cams = await readdir(root);
    } catch {
      return 0;
    }
    for (const name of cams) {
      const cameraId = Number(name);
      if (!Number.isInteger(cameraId)) continue;
      const files = (await readdir(dirOf(cameraId)).catch(() => [] as string[]))
        .map((f) => ({ f, start: Number(FILE.exec(f)?.[1] ?? Number.NaN) * 1000 }))
        .filter((x) => Number.isFinite(x.start))
        .sort((a, b) => a.start - b.start);
      if (files.length === 0) continue;
      let merchantId = merchantOf.get(cameraId);
      if (merchantId === undefined) {
        const cam = await cameraById(db, cameraId);
        if (!cam) {
          // the camera was removed: its files go with it
          await rm(dirOf(cameraId), { recursive: true, force: true });
          continue;
        }
        merchantId = cam.merchant_id;
        merchantOf.set(cameraId, merchantId);
      }
      let last = lastIndexed.get(cameraId);
      if (last === undefined) last = await segs.lastSegmentStart(db, merchantId, cameraId);
      const writing = running.has(cameraId) ? files.length - 1 : files.length;
      for (let i = 0; i < writing; i++) {
        const { f, start } = files[i] as { f: string; start: number };
        if (start <= last) continue;
        const s = await stat(join(dirOf(cameraId), f)).catch(() => null);
        if (!s) continue;
        if (s.size === 0) {
          await rm(join(dirOf(cameraId), f), { force: true });
          continue;
        }
        const next = files[i + 1]?.start ?? Number.POSITIVE_INFINITY;
        const end = Math.max(start + 500, Math.min(s.mtimeMs, next));
        await segs.insertSegment(db, {
          merchant_id: merchantId,
          camera_id: cameraId,
          file: f,
          start_at: start,
          end_at: Math.round(end),
          bytes: s.size,
        });
        last = start;
        added++;
        if (running.has(cameraId)) backoff.delete(cameraId); // a running recorder closed a file: it records again
      }
      lastIndexed.set(cameraId, last);
    }
    return added;
  }

  async function drop(rows: segs.SegmentRow[]): Promise<number> {
    for (const r of rows) await rm(join(dirOf(r.camera_id), r.file), { force: true });
    await segs.deleteSegments(
      db,
      rows.map((r) => r.id),
    );
    return rows.length;
  }

  /** Oldest first: past the kept days, past a merchant's quota, and while the disk is below the free floor. */
  async function prune(now: number): Promise<number> {
    let removed = 0;
    const before = now - config.video.recordDays * 86_400_000;
    for (let rows = await segs.expiredSegments(db, before, PRUNE_BATCH); rows.length > 0; ) {
      removed += await drop(rows);
      rows = rows.length < PRUNE_BATCH ? [] : await segs.expiredSegments(db, before, PRUNE_BATCH);
    }
    const quota = config.video.recordQuotaMb * 1024 * 1024;
    for (const [merchantId, bytes] of await segs.bytesByMerchant(db)) {
      let over = bytes - quota;
      while (over > 0) {
        const rows = await segs.oldestSegments(db, merchantId, PRUNE_BATCH);
        if (rows.length === 0) break;
        const take: segs.SegmentRow[] = [];
        for (const r of rows) {
          if (over <= 0) break;
          take.push(r);
          over -= r.bytes;
        }
        removed += await drop(take);
      }
    }
    const floor = config.video.recordMinFreeMb * 1024 * 1024;
    mkdirSync(root, { recursive: true });
    for (let guard = 0; guard < 50; guard++) {
      const fs = await statfs(root);
      const free = fs.bavail * fs.bsize;
      if (free >= floor) break;
      const rows = await segs.oldestSegments(db, null, 10);
      if (rows.length === 0) break;
      removed += await drop(rows);
    }
    return removed;
  }

  async function tickOnce(now: number): Promise<void> {
    await index();
    if (closed) return;
    await startWanted(now);
    if (now - lastPrune >= 60_000 || lastPrune === 0) {
      lastPrune = now;
      await prune(now);
    }
  }

  /** One round of the recorder's work; rounds never overlap. */
  function tick(now = Date.now()): Promise<void> {
    ticking ??= tickOnce(now)
      .catch((err) => deps.log?.warn({ err: (err as Error).message }, 'video recorder round failed'))
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }

  return {
    tick,
    index,
    prune,
    dirOf,
    /** Cameras whose recorder runs now. */
    running: () => [...running.keys()],
    pid: (cameraId: number) => running.get(cameraId)?.proc.pid,
    /** Starts the rounds (main, under the cluster's `devices` lease: one process records each camera). */
    start(owns: () => boolean = () => true) {
      const every = Math.min(10, config.video.recordSegmentSeconds) * 1000;
      timer = setInterval(() => {
        if (owns()) void tick();
        else void stopAll();
      }, every);
      timer.unref();
      if (owns()) void tick();
    },
    /** Stops one camera's recorder now (its setting changed, it was removed); the next round decides again. */
    async restart(cameraId: number) {
      const r = running.get(cameraId);
      backoff.delete(cameraId);
      if (!r) return;
      r.stopping = true;
      await r.proc.stop();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await ticking;
      await stopAll();
      await index();
    },
  };

  async function stopAll(): Promise<void> {
    await Promise.all(
      [...running.values()].map((r) => {
        r.stopping = true;
        return r.proc.stop();
      }),
    );
  }
}

export type Recorder = ReturnType<typeof createRecorder>;
