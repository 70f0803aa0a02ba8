import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createImageStore, type ImageMime } from '../modules/devices/imageStore';
import { describeEachEngine } from '../test/harness';
import { ensureDemoDeviceSecrets } from './devices';
import { backfillDemoPests } from './pestsBackfill';

describeEachEngine('demo trap photos', (env) => {
  it('fills one photo a morning per trap with detections, files on disk, and skips it on the next start', async () => {
    const { db, config } = env();
    const entries = await ensureDemoDeviceSecrets(db, config.dataDir);
    const traps = entries.filter((e) => e.deviceClass === 'insectTrap' || e.deviceClass === 'sporeTrap');
    expect(traps.length).toBeGreaterThan(1);
    // A July night: insects fly, so the counts cannot all be zero.
    const now = Date.UTC(2026, 6, 20, 6, 0);
    const first = await backfillDemoPests({ db, dataDir: config.dataDir }, entries, { days: 5, now });
    expect(first.traps).toBe(traps.length);
    expect(first.photos).toBeGreaterThanOrEqual(traps.length * 5);
    expect(first.photos).toBeLessThanOrEqual(traps.length * 6);
    expect(first.detections).toBeGreaterThan(0);

    const insect = traps.find((e) => e.deviceClass === 'insectTrap')!;
    const photos = await db
      .selectFrom('device_images')
      .select(['id', 'sha256', 'mime', 'taken_at'])
      .where('device_id', '=', insect.deviceId)
      .execute();
    expect(photos.every((p) => p.taken_at <= now && p.taken_at > now - 5 * 86_400_000)).toBe(true);
    const store = createImageStore(config.dataDir);
    expect(photos.every((p) => existsSync(store.pathOf(p.sha256, p.mime as ImageMime)))).toBe(true);
    // drawn small: hundreds of these are made on the first start
    const meta = await sharp(await readFile(store.pathOf(photos[0].sha256, photos[0].mime as ImageMime))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 360]);
    const boxes = await db
      .selectFrom('image_detections')
      .select(['source'])
      .where(
        'image_id',
        'in',
        photos.map((p) => p.id),
      )
      .execute();
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((b) => b.source === 'model')).toBe(true);

    const second = await backfillDemoPests({ db, dataDir: config.dataDir }, entries, { days: 5, now });
    expect(second).toMatchObject({ traps: 0, photos: 0, skipped: traps.length });
  });
});
