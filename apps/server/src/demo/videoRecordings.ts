import { existsSync, linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { runFfmpeg } from '../modules/video/ffmpeg';
import { recordingsRoot } from '../modules/video/recorder';
import { insertSegments, segmentsIn } from '../modules/video/recordingRepo';

/** Hours of past recording a demo camera that records around the clock starts with. */
export const DEMO_RECORDED_HOURS = 8;
const MINUTE = 60_000;

/**
 * The demo's recording cameras (the gates) start with the last hours already recorded, so playback of a
 * range from hours ago has something to play on a fresh demo: one minute of video made once (a test
 * pattern with a title, the camera's own picture is live only) hard-linked as each past minute's segment
 * file and indexed like the recorder's own. Cameras that have recordings from before the last hour keep
 * them. Costs one short encode per data folder and a few hundred links and rows per camera.
 */
export async function backfillDemoRecordings(
  config: Config,
  db: Db,
  cameras: { id: number; merchant_id: number }[],
  now = Date.now(),
): Promise<number> {
  const root = recordingsRoot(config);
  const sample = join(config.dataDir, 'video-sim', 'recorded-minute.ts');
  if (!existsSync(sample)) {
    mkdirSync(join(config.dataDir, 'video-sim'), { recursive: true });
    // biome-ignore format: one option per line reads better
    await runFfmpeg(config.video.ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=10', '-t', '60',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p', '-f', 'mpegts', sample,
    ], 60_000);
  }
  let made = 0;
  const first = Math.floor((now - DEMO_RECORDED_HOURS * 3600_000) / MINUTE) * MINUTE;
  const last = Math.floor((now - 10 * MINUTE) / MINUTE) * MINUTE;
  for (const cam of cameras) {
    const older = await segmentsIn(db, cam.merchant_id, cam.id, 0, now - 3600_000);
    if (older.length > 0) continue;
    const dir = join(root, String(cam.id));
    mkdirSync(dir, { recursive: true });
    const rows = [];
    for (let at = first; at < last; at += MINUTE) {
      const file = `r${at / 1000}.ts`;
      if (!existsSync(join(dir, file))) linkSync(sample, join(dir, file));
      rows.push({ merchant_id: cam.merchant_id, camera_id: cam.id, file, start_at: at, end_at: at + MINUTE, bytes: 0 });
    }
    await insertSegments(db, cam.merchant_id, rows);
    made += rows.length;
  }
  return made;
}
