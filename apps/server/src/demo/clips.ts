import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { addDays, dayIn } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { createVideoFiles } from '../modules/production/stock/videoFiles';

const run = promisify(execFile);

/** Test pictures ffmpeg draws by itself (lavfi), one per clip so the demo's clips look different. */
const SOURCES = [
  'testsrc2=size=640x360:rate=25',
  'smptehdbars=size=640x360:rate=25',
  'mandelbrot=size=640x360:rate=25',
];

/**
 * Writes a short H.264 MP4 (no sound, fast start so the player begins before the end arrives) drawn
 * by ffmpeg. Throws when ffmpeg is missing or fails.
 */
export async function makeClip(file: string, seconds: number, source = SOURCES[0], ffmpeg = 'ffmpeg'): Promise<void> {
  await run(
    ffmpeg,
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      file,
    ],
    { timeout: 60_000 },
  );
}

const TITLES = [
  ['定植现场记录', 0],
  ['植保无人机喷药作业', 1],
  ['采收前田间巡查', 2],
] as const;

/**
 * Traceability clips for a fresh demo: three short real MP4s made with ffmpeg at seed time, stored as
 * an upload would be (content check included), on the first demo park's plantings. Seeded only by the
 * server's demo start (not by every test database: making clips takes seconds). Without ffmpeg the demo
 * has no clips, and the log says why.
 */
export async function seedDemoClips(
  db: Db,
  dataDir: string,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  ffmpeg = 'ffmpeg',
): Promise<number> {
  const park = await db
    .selectFrom('groups')
    .select(['id', 'merchant_id', 'time_zone'])
    .orderBy('id')
    .executeTakeFirst();
  if (!park) return 0;
  const plantings = await db
    .selectFrom('production_plantings')
    .select(['id', 'area_point_id'])
    .where('group_id', '=', park.id)
    .where('status', '=', 'growing')
    .orderBy('id')
    .limit(TITLES.length)
    .execute();
  const files = createVideoFiles(dataDir);
  const dir = await mkdtemp(join(tmpdir(), 'farmpark-clips-'));
  const today = dayIn(park.time_zone ?? 'Asia/Shanghai');
  let made = 0;
  try {
    for (const [title, i] of TITLES) {
      const file = join(dir, `clip-${i}.mp4`);
      await makeClip(file, 3 + i, SOURCES[i], ffmpeg);
      const stored = await files.put(createReadStream(file), 20 * 1024 * 1024, { db, merchantId: park.merchant_id });
      const planting = plantings[i % Math.max(1, plantings.length)];
      await db
        .insertInto('production_videos')
        .values({
          merchant_id: park.merchant_id,
          group_id: park.id,
          title,
          area_point_id: planting?.area_point_id ?? null,
          planting_id: planting?.id ?? null,
          shot_on: addDays(today, -7 * (TITLES.length - i)),
          sha256: stored.sha256,
          bytes: stored.bytes,
          user_id: null,
          created_at: Date.now(),
        })
        .execute();
      made++;
    }
    log.info({ made }, 'demo traceability clips made with ffmpeg');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'demo traceability clips not made (is ffmpeg with libx264 installed?)');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return made;
}
