import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AddTimelapseBody,
  Code,
  SNAPSHOT_PATHS,
  TIMELAPSE_MAX_FRAMES,
  type TimelapseItem,
  type TimelapseState,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import { createImageStore, type ImageMime } from '../devices/imageStore';
import { createVideoFiles } from '../production/stock/videoFiles';
import { type OwnedProcess, ProcessCapError, type ProcessJob, type ProcessOwner } from '../video/processes';
import type { CameraSource } from './cameras';
import * as repo from './repo';

export interface TimelapseDeps {
  db: Db;
  dataDir: string;
  /** Video's process owner (its caps count the encoder too). */
  owner: ProcessOwner;
  cameras: CameraSource;
  log: { warn(obj: object, msg: string): void };
}

/** How long a job waits for a place under the process cap before it fails. */
const CAP_WAIT_MS = 5 * 60_000;

const item = (r: repo.TimelapseRow): TimelapseItem => ({
  id: r.id,
  cameraId: r.camera_id,
  start: Number(r.start_at),
  end: Number(r.end_at),
  fps: r.fps,
  state: r.state as TimelapseState,
  frames: r.frames,
  done: r.done,
  error: r.error,
  bytes: r.bytes,
  createdAt: Number(r.created_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  url: r.state === 'done' ? `${SNAPSHOT_PATHS.timelapseFile}?id=${r.id}` : '',
});

/** Every n-th frame so that at most `max` remain, first and last kept in spirit (evenly spread). */
export function thin<T>(frames: T[], max: number): T[] {
  if (frames.length <= max) return frames;
  return Array.from({ length: max }, (_, i) => frames[Math.floor((i * (frames.length - 1)) / (max - 1))]);
}

/**
 * Time-lapse videos: a job per request, run one at a time (ffmpeg takes a core; the machine has few),
 * H.264 MP4 with its index first so a browser plays it while it downloads. The frames are the camera's
 * JPEG pictures of the range, linked under a temporary folder in order; ffmpeg's progress lines move
 * `done`, which the console polls. The result joins the content-addressed video files.
 */
export function createTimelapses(deps: TimelapseDeps) {
  const { db, log } = deps;
  const images = createImageStore(deps.dataDir);
  const videos = createVideoFiles(deps.dataDir);
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;

  function enqueue(id: number) {
    queued++;
    queue = queue
      .then(() => run(id))
      .catch((err: Error) => log.warn({ timelapseId: id, err: err.message }, 'time-lapse failed'))
      .finally(() => {
        queued--;
      });
  }

  async function run(id: number): Promise<void> {
    const job = await repo.timelapseById(db, id);
    if (!job || job.state === 'done' || job.state === 'failed') return;
    const frames = thin(
      (await repo.framesOf(db, job)).filter((f) => f.mime === 'image/jpeg'),
      TIMELAPSE_MAX_FRAMES,
    );
    await repo.updateTimelapse(db, id, { state: 'running', frames: frames.length, done: 0 });
    const dir = await mkdtemp(join(tmpdir(), 'farmpark-timelapse-'));
    try {
      if (frames.length === 0) throw new Error('no pictures in the range');
      let n = 0;
      for (const f of frames)
        await symlink(images.pathOf(f.sha256, f.mime as ImageMime), join(dir, `f${String(++n).padStart(6, '0')}.jpg`));
      const out = join(dir, 'out.mp4');
      await encode(
        job.merchant_id,
        [
          '-framerate',
          String(job.fps),
          '-i',
          join(dir, 'f%06d.jpg'),
          // even sides for yuv420p; a camera's pictures share a size, so one scale fits all
          '-vf',
          'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-movflags',
          '+faststart',
          '-y',
          out,
        ],
        (done) => repo.updateTimelapse(db, id, { done }),
      );
      const stored = await videos.put(createReadStream(out), Number.MAX_SAFE_INTEGER, {
        db,
        merchantId: job.merchant_id,
      });
      await repo.updateTimelapse(db, id, {
        state: 'done',
        done: frames.length,
        sha256: stored.sha256,
        bytes: stored.bytes,
        finished_at: Date.now(),
      });
    } catch (err) {
      await repo.updateTimelapse(db, id, {
        state: 'failed',
        error: (err as Error).message.slice(0, 500),
        finished_at: Date.now(),
      });
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A job waits for a place under the process cap (a busy wall) rather than failing: up to CAP_WAIT_MS. */
  async function startWhenFree(job: ProcessJob): Promise<OwnedProcess> {
    for (const until = Date.now() + CAP_WAIT_MS; ; ) {
      try {
        return deps.owner.start(job);
      } catch (err) {
        if (!(err instanceof ProcessCapError) || Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  /** Runs ffmpeg (video's process owner); `progress` gets the encoded frame count at most twice a second. */
  async function encode(merchantId: number, args: string[], progress: (done: number) => Promise<void>) {
    // progress lines (key=value) go to stderr beside the errors, which keep their own tail
    const p = await startWhenFree({
      merchantId,
      purpose: 'timelapse',
      args: ['-nostats', '-progress', 'pipe:2', ...args],
    });
    let lastReport = 0;
    let reporting: Promise<void> = Promise.resolve();
    p.onStderr((chunk) => {
      const m = /frame=(\d+)\s*$/m.exec(chunk);
      if (m && Date.now() - lastReport > 500) {
        lastReport = Date.now();
        reporting = reporting.then(() => progress(Number(m[1]))).catch(() => {});
      }
    });
    await p.ended;
    await reporting;
    if (p.exitCode() === 0) return;
    const why = p
      .lastError()
      .split('\n')
      .filter((l) => !/^[a-z_]+=/.test(l))
      .pop();
    throw new Error(`ffmpeg ended with ${p.exitCode()}: ${why ?? ''}`);
  }

  return {
    async add(scope: Scope, userId: number | null, body: AddTimelapseBody): Promise<TimelapseItem> {
      const cam = await deps.cameras.inScope(scope, body.cameraId);
      if (!cam) throw notFound(`cameraId ${body.cameraId}: camera`);
      const frames = await repo.snapshotsInRange(db, scope, cam.id, body.start, body.end, 1);
      if (frames.length === 0)
        throw new ApiError(
          Code.VALIDATION,
          { zh: 'start: 所选时间段内没有图片', en: 'start: there are no pictures in the chosen range' },
          { field: 'start', rule: 'invalid' },
        );
      const id = await repo.insertTimelapse(db, {
        merchant_id: cam.merchantId,
        group_id: cam.groupId,
        camera_id: cam.id,
        start_at: body.start,
        end_at: body.end,
        fps: body.fps,
        state: 'queued',
        created_by: userId,
        created_at: Date.now(),
        finished_at: null,
        sha256: null,
        bytes: 0,
      });
      enqueue(id);
      return item((await repo.timelapseOf(db, scope, id))!);
    },
    async list(scope: Scope, cameraId: number): Promise<TimelapseItem[]> {
      if (!(await deps.cameras.inScope(scope, cameraId))) throw notFound(`cameraId ${cameraId}: camera`);
      return (await repo.timelapsesOfCamera(db, scope, cameraId)).map(item);
    },
    async detail(scope: Scope, id: number): Promise<TimelapseItem> {
      const r = await repo.timelapseOf(db, scope, id);
      if (!r) throw notFound(`id ${id}: time-lapse`);
      return item(r);
    },
    async file(scope: Scope, id: number): Promise<{ path: string; bytes: number; row: repo.TimelapseRow }> {
      const r = await repo.timelapseOf(db, scope, id);
      if (r?.state !== 'done' || !r.sha256) throw notFound(`id ${id}: time-lapse video`);
      return { path: videos.pathOf(r.sha256), bytes: r.bytes, row: r };
    },
    /** The finished MP4 as a stream; a file gone from disk is "not found", not an error page. */
    async open(path: string) {
      if (!(await stat(path).catch(() => null))) throw notFound('time-lapse video file');
      return createReadStream(path);
    },
    /** Jobs left queued or running by a stopped process start over. */
    async resume() {
      for (const r of await repo.unfinishedTimelapses(db)) enqueue(r.id);
    },
    async idle() {
      while (queued > 0) await queue;
    },
  };
}
