import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FFMPEG, hasFfmpeg, runFfmpeg } from '../modules/video/ffmpeg';
import { changedShare, MOVED_ABOVE, SAME_BELOW } from './pictureChange';
import { SCENE, Scene, ZOOM } from './scene';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SAME = SAME_BELOW;
const MOVED = MOVED_ABOVE;

/**
 * The simulated PTZ camera's stream follows pan and zoom while it runs (issue 15: "PTZ that really pans
 * and zooms the picture"), in the one ffmpeg that started it, and its captures show the same window.
 */
describe.skipIf(!hasFfmpeg)('a simulated PTZ scene', () => {
  let dir: string;
  let scene: Scene;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'farmpark-scene-'));
    scene = new Scene({
      ffmpeg: DEFAULT_FFMPEG,
      font: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      dir,
      name: 'PTZ 云台',
      movingBox: false,
    });
  });
  afterAll(async () => {
    await scene?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first frame of the newest segment the stream has written (PNG). */
  async function streamFrame(after: string | null = null): Promise<{ segment: string; png: Buffer }> {
    const until = Date.now() + 15_000;
    for (;;) {
      const list = join(dir, 'index.m3u8');
      const segments = existsSync(list)
        ? readFileSync(list, 'utf8')
            .split('\n')
            .filter((l) => l.endsWith('.ts'))
        : [];
      const segment = segments.at(-1);
      if (segment && segment !== after) {
        const png = await runFfmpeg(DEFAULT_FFMPEG, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-i',
          join(dir, segment),
          '-frames:v',
          '1',
          '-f',
          'image2',
          '-c:v',
          'png',
          'pipe:1',
        ]);
        const meta = await sharp(png).metadata();
        // HLS players need one size: every zoom is scaled to the same picture
        expect([meta.width, meta.height]).toEqual([SCENE.viewW, SCENE.viewH]);
        return { segment, png };
      }
      if (Date.now() > until) throw new Error('the scene wrote no new segment');
      await sleep(200);
    }
  }

  const capture = () => runFfmpeg(DEFAULT_FFMPEG, scene.captureArgs());

  it('zoom and pan change the running stream, stillness does not, and the window stays in the scene', async () => {
    scene.start();
    const pid = scene.pid;
    const first = await streamFrame();
    const still = await streamFrame(first.segment);
    expect(await changedShare(first.png, still.png)).toBeLessThan(SAME);

    scene.ptzStart('zoomIn', 2);
    await sleep(2000);
    scene.ptzStop();
    expect(scene.view().zoom).toBeGreaterThan(ZOOM.start * 2);
    await sleep(2200); // the newest whole segment then starts after the move
    const zoomed = await streamFrame(still.segment);
    expect(await changedShare(still.png, zoomed.png)).toBeGreaterThan(MOVED);
    // a snapshot shows what the stream shows: the same window at the same zoom
    expect(await changedShare(zoomed.png, await capture())).toBeLessThan(SAME);

    scene.ptzStart('right', 2);
    await sleep(1000);
    scene.ptzStop();
    await sleep(2200);
    const panned = await streamFrame(zoomed.segment);
    expect(await changedShare(zoomed.png, panned.png)).toBeGreaterThan(MOVED);
    expect(await changedShare(panned.png, await capture())).toBeLessThan(SAME);

    // zooming out past the whole scene stops at it, the window inside the scene
    scene.ptzStart('zoomOut', 2);
    await sleep(3000); // from 6: 6 / 2^3 < 1
    scene.ptzStop();
    expect(scene.view()).toMatchObject({ zoom: ZOOM.min, w: SCENE.width, h: SCENE.height, x: 0, y: 0 });
    await sleep(2200);
    const wide = await streamFrame(panned.segment);
    expect(await changedShare(panned.png, wide.png)).toBeGreaterThan(MOVED);
    expect(await changedShare(wide.png, await capture())).toBeLessThan(SAME);
    expect(scene.pid).toBe(pid);
  }, 60_000);

  it('zoom in stops at the narrowest window, at the scene edge after a pan to it', async () => {
    scene.ptzStart('left', 2);
    await sleep(100);
    scene.ptzStart('zoomIn', 2); // a new move ends the running one
    await sleep(2800); // 2^2.8 = 7x: past the maximum
    scene.ptzStop();
    const v = scene.view();
    expect(v.zoom).toBe(ZOOM.max);
    expect(v.w).toBe(Math.round(SCENE.width / ZOOM.max));
    expect(v.x).toBeGreaterThanOrEqual(0);
    scene.ptzStart('left', 2);
    await sleep(4000); // 960 px: past the left edge from anywhere
    scene.ptzStop();
    expect(scene.view().x).toBe(0);
  }, 30_000);
});
