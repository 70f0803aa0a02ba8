import type { VideoCamera } from '@farmpark/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedShare, MOVED_ABOVE, SAME_BELOW } from '../../server/src/video-sim/pictureChange';
import { baseURL, launch, openPage, screenshot, visit } from './browser';
import { api, apiLogin, login } from './session';

// Video (issue 15): a live tile plays (its currentTime advances), a pan and a zoom change the picture, a
// time-lapse is made from the seedling camera's pictures and plays; every video page in both languages
// at 1440 and 390 px with moving video. It adds three pictures to a demo seedling camera, nothing else.
let browser: Browser;
let token: string;
let cameras: VideoCamera[];

/** Seconds played by the <video> of `testId`, or -1 before it has any data. */
const played = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const v = document.querySelector<HTMLVideoElement>(`[data-testid="${id}"]`);
    return v && v.readyState >= 2 ? v.currentTime : -1;
  }, testId);

/** Waits until the video has data, then until it has played on a little: it really moves. */
async function expectPlaying(page: Page, testId: string) {
  await expect.poll(() => played(page, testId), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await played(page, testId);
  await expect.poll(() => played(page, testId), { timeout: 15_000 }).toBeGreaterThan(first);
}

async function snapshotBytes(cameraId: number): Promise<Buffer> {
  const res = await fetch(`${baseURL()}/api/merchant/video/camera/snapshot?id=${cameraId}`, {
    headers: { AuthToken: token },
  });
  expect(res.headers.get('content-type')).toContain('image/jpeg');
  return Buffer.from(await res.arrayBuffer());
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  cameras = (await api<VideoCamera[]>('/api/merchant/video/camera/list', token)).data;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('video', () => {
  it('a live tile plays, a pan and a zoom on the PTZ pad change the picture; a time-lapse is made and plays', async () => {
    const { page, context, problems } = await openPage(browser);
    await login(page, 'demo');
    const ptz = cameras.find((c) => c.ptz && c.online) as VideoCamera;
    await visit(page, '/videoEqui/video');
    await page.getByTestId(`camera-node-${ptz.id}`).click();
    await expectPlaying(page, 'tile-video-0');

    // Snapshots are compared away from the name and the clock (which alone would make any two differ):
    // nothing moved, nearly the same; after a pan or a zoom on the console's pad, most of it changed.
    const first = await snapshotBytes(ptz.id);
    const still = await snapshotBytes(ptz.id);
    expect(await changedShare(first, still)).toBeLessThan(SAME_BELOW);
    await page.getByTestId('tile-ptz-0').click();
    const hold = async (direction: string, ms: number) => {
      await page.getByTestId(`ptz-${direction}`).hover();
      await page.mouse.down();
      await page.waitForTimeout(ms);
      await page.mouse.up();
      await page.waitForTimeout(300); // the stop request leaves the page on release
    };
    await hold('right', 1500);
    const panned = await snapshotBytes(ptz.id);
    expect(await changedShare(still, panned)).toBeGreaterThan(MOVED_ABOVE);
    await hold('zoomIn', 2000);
    const zoomed = await snapshotBytes(ptz.id);
    expect(await changedShare(panned, zoomed)).toBeGreaterThan(MOVED_ABOVE);
    // the stream changed size inside (a smaller window scaled up), the player in the tile plays on
    await expectPlaying(page, 'tile-video-0');
    await page.waitForTimeout(2500); // the zoomed picture reaches the tile (segments of 1 s, relayed)
    await screenshot(page, 'video-wall-ptz-zh-CN-1440');
    // back to about where the camera was, for other files that look at it
    await hold('zoomOut', 2000);
    await hold('left', 1500);

    // three pictures of a seedling camera, then a time-lapse of the last day in the console
    const seedling = cameras.find((c) => c.purpose === 'seedling' && c.online) as VideoCamera;
    for (let i = 0; i < 3; i++) {
      const taken = await api('/api/merchant/video/snapshot/takeSnapshot', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cameraId: seedling.id }),
      });
      expect(taken.code, taken.msg).toBe(0);
    }
    await visit(page, '/videoEqui/seedling');
    await page.getByRole('tab', { name: '延时视频' }).click();
    await page.locator('.ant-input-number input').fill('2');
    await page.getByTestId('timelapse-make').click();
    await expect
      .poll(() => page.getByTestId('timelapse-job').getAttribute('data-state'), { timeout: 60_000 })
      .toBe('done');
    await expect.poll(() => played(page, 'timelapse-video'), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'video-seedling-timelapse-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('every video page in both languages at 1440 and 390 px', async () => {
    const { page, context, problems } = await openPage(browser);
    await login(page, 'demo');
    const gate = cameras.find((c) => c.purpose === 'disaster' && c.online) as VideoCamera;
    const general = cameras.find((c) => c.ptz && c.online) as VideoCamera;
    for (const locale of ['zh-CN', 'en-US'] as const) {
      await page.evaluate((lng) => localStorage.setItem('ag_merchant_lang', lng), locale);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.reload();
        for (const [name, path, camera] of [
          ['wall', '/videoEqui/video', general],
          ['disaster', '/videoEqui/disaster', gate],
          ['seedling', '/videoEqui/seedling', null],
          ['setup', '/system/video-setup', null],
        ] as const) {
          await visit(page, path);
          if (camera) {
            const node = page.getByTestId(`camera-node-${camera.id}`);
            // seen once (en-US, 390 px): the tree never came; keep what the page showed, then load it again
            await node.waitFor({ timeout: 15_000 }).catch(async () => {
              await screenshot(page, `video-${name}-${locale}-${width}-no-tree`);
              await page.reload();
            });
            await node.click();
            // a tile plays only while on screen (below the tree on a phone)
            await page.getByTestId('tile-0').scrollIntoViewIfNeeded();
            await expect.poll(() => played(page, 'tile-video-0'), { timeout: 30_000 }).toBeGreaterThan(0);
          }
          await screenshot(page, `video-${name}-${locale}-${width}`);
        }
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
