import { SNAPSHOT_PATHS, type SnapshotDay, type SnapshotItem, type VideoCamera } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../test/harness';
import { changedShare, MOVED_ABOVE } from '../video-sim/pictureChange';
import { backfillSeedlingPictures, seedbedPicture } from './seedlingPictures';

describeEachEngine('the demo seedling camera’s past pictures', (env) => {
  const token = signedIn(env, 'demo');

  it('keeps three pictures a day for four weeks, showing the seedlings grow, once', async () => {
    const deps = { db: env().db, dataDir: env().config.dataDir, tzName: 'Asia/Shanghai' };
    const now = Date.UTC(2026, 10, 20, 12, 0); // 20:00 in Shanghai: the day's three are taken
    expect(await backfillSeedlingPictures(deps, { now })).toEqual({ pictures: 28 * 3 });
    expect(await backfillSeedlingPictures(deps, { now })).toEqual({ pictures: 0 });

    const cam = (await env().get<VideoCamera[]>('/api/merchant/video/camera/list', token.demo)).data.find((c) =>
      c.name.includes('育苗'),
    );
    if (!cam) throw new Error('no seedling camera');
    // its video settings, as the demo server's start writes them (they are not in the seeded rows)
    const setUp = await env().post('/api/merchant/video/camera/update', token.demo, {
      id: cam.id,
      groupId: cam.groupId,
      name: cam.name,
      kind: 'ezviz',
      deviceSerial: 'DEMOSEED',
      purpose: 'seedling',
      unchecked: true,
    });
    expect(setUp.code, setUp.msg).toBe(0);
    const days = await env().get<SnapshotDay[]>(SNAPSHOT_PATHS.days, token.demo, {
      cameraId: String(cam.id),
      tz: 'Asia/Shanghai',
    });
    expect(days.code, days.msg).toBe(0);
    expect(days.data).toHaveLength(28);
    expect(days.data.every((d) => d.count === 3)).toBe(true);
    const list = await env().get<SnapshotItem[]>(SNAPSHOT_PATHS.list, token.demo, {
      cameraId: String(cam.id),
      start: String(now - 29 * 86_400_000),
      end: String(now),
    });
    expect(list.data).toHaveLength(84);
    // a week in and three weeks in differ: the trays have grown
    expect(await changedShare(await seedbedPicture(7, 12, 'x'), await seedbedPicture(21, 12, 'x'))).toBeGreaterThan(
      MOVED_ABOVE,
    );
  });
});
