import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import type { Db } from '../../db/connect';

/**
 * Test helpers (tests only): a real HLS stream made by ffmpeg and served over HTTP, which stream
 * cameras point at, and cameras set up on demo camera devices.
 */
export async function startTestStream(): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-stream-'));
  // biome-ignore format: one option per line reads better
  const r = spawnSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-f', 'hls', '-hls_time', '1',
    '-hls_playlist_type', 'vod', join(dir, 'index.m3u8'),
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg could not make the test stream: ${r.stderr}`);
  const server = createServer((req, res) => {
    const file = normalize(join(dir, new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir)) return void res.writeHead(404).end();
    createReadStream(file)
      .on('error', () => res.writeHead(404).end())
      .pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.m3u8`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sets up a camera-class device as a stream camera (as video setup would), placed where asked. */
export async function setUpCamera(
  db: Db,
  deviceId: number,
  o: { streamUrl: string; everyMinutes?: number; plotId?: number | null; at?: [number, number] | null },
): Promise<void> {
  if (o.at !== undefined)
    await db
      .updateTable('devices')
      .set({ longitude: o.at?.[0] ?? null, latitude: o.at?.[1] ?? null })
      .where('id', '=', deviceId)
      .execute();
  const d = await db.selectFrom('devices').select('merchant_id').where('id', '=', deviceId).executeTakeFirstOrThrow();
  await db.deleteFrom('video_cameras').where('device_id', '=', deviceId).execute();
  await db
    .insertInto('video_cameras')
    .values({
      device_id: deviceId,
      merchant_id: d.merchant_id,
      plot_id: o.plotId ?? null,
      kind: 'stream',
      ezviz_serial: null,
      ezviz_channel: null,
      stream_url: o.streamUrl,
      ptz: 0,
      purpose: 'seedling',
      snapshot_every_minutes: o.everyMinutes ?? 0,
      enabled: 1,
      updated_at: Date.now(),
    })
    .execute();
}

/** A camera-class device of a merchant (the demo has some), by serial prefix order. */
export async function cameraDevices(db: Db, merchantId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'group_id', 'serial'])
    .where('merchant_id', '=', merchantId)
    .where('device_class', '=', 'camera')
    .orderBy('id')
    .execute();
}
