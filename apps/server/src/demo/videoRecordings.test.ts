import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../modules/video/ffmpeg';
import { recordingsRoot } from '../modules/video/recorder';
import { segmentsIn } from '../modules/video/recordingRepo';
import { cameraById } from '../modules/video/repo';
import { createTestEnv, engines, type TestEnv } from '../test/harness';
import { backfillDemoRecordings, DEMO_RECORDED_HOURS } from './videoRecordings';

describe.skipIf(!hasFfmpeg).each(engines)("the demo's past recordings [%s]", (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  beforeAll(async () => {
    env = await createTestEnv(engine);
  }, 60_000);
  afterAll(async () => env?.close());

  it('gives a recording camera the last hours, so a range from six hours ago plays; only once', async () => {
    // the seeded Demo Farm gate camera (DF-CM-0001)
    const cam = await cameraById(env.db, 11);
    if (!cam) throw new Error('the seed has no camera 11');
    const now = Date.now();
    const made = await backfillDemoRecordings(env.config, env.db, [cam], now);
    expect(made).toBe(DEMO_RECORDED_HOURS * 60 - 10);
    const sixHoursAgo = await segmentsIn(
      env.db,
      cam.merchant_id,
      cam.id,
      now - 6 * 3600_000,
      now - 6 * 3600_000 + 600_000,
    );
    expect(sixHoursAgo.length).toBeGreaterThanOrEqual(10);
    const file = join(recordingsRoot(env.config), String(cam.id), (sixHoursAgo[0] as { file: string }).file);
    expect(existsSync(file)).toBe(true);
    // one encoded minute, linked as every past minute: no disk per minute
    expect(statSync(file).nlink).toBe(made + 1);
    expect(await backfillDemoRecordings(env.config, env.db, [cam], now + 60_000)).toBe(0);
  }, 60_000);
});
