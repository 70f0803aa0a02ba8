import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMERA_FAULT_TEXT, type CameraFault, type VideoCamera } from '@farmpark/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedShare, MOVED_ABOVE, SAME_BELOW } from '../../server/src/video-sim/pictureChange';
import { baseURL, launch, screenshot, visit } from './browser';
import { api, apiLogin, LOOKS, signedInPage } from './session';

// Video (issue 15): a live tile plays (its currentTime advances), a pan and a zoom change the picture, a
// time-lapse is made from the seedling camera's pictures and plays; every video page in both languages
// in both looks (LOOKS) with moving video. It adds three pictures to a demo seedling camera, nothing else.
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
  await startWeb();
  demoBadSettings();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (web ? web.close(() => r()) : r()));
});

describe('video', () => {
  it('a live tile plays, a pan and a zoom on the PTZ pad change the picture; a time-lapse is made and plays', async () => {
    const { page, context, problems } = await signedInPage(browser, { path: '/videoEqui/video' });
    const ptz = cameras.find((c) => c.ptz && c.online) as VideoCamera;
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

  it('every video page in both languages (LOOKS)', async () => {
    const gate = cameras.find((c) => c.purpose === 'disaster' && c.online) as VideoCamera;
    const general = cameras.find((c) => c.ptz && c.online) as VideoCamera;
    for (const [locale, width] of LOOKS) {
      // a tab signed in in each look: twice in CI (2026-11-28), a page switched from zh-CN at 1440 px to en-US at
      // 390 px and reloaded came back at /login (docs/TESTS.md, open)
      const { page, context, problems } = await signedInPage(browser, { locale, width });
      for (const [name, path, camera] of [
        ['wall', '/videoEqui/video', general],
        ['disaster', '/videoEqui/disaster', gate],
        ['seedling', '/videoEqui/seedling', null],
        ['setup', '/system/video-setup', null],
      ] as const) {
        await visit(page, path);
        if (camera) {
          const node = page.getByTestId(`camera-node-${camera.id}`);
          // when the tree never comes, keep what the page showed and say where it was
          await node.waitFor({ timeout: 15_000 }).catch(async () => {
            await screenshot(page, `video-${name}-${locale}-${width}-no-tree`);
            throw new Error(`no camera tree on ${path}: the page is at ${page.url()}`);
          });
          await node.click();
          // a tile plays only while on screen (below the tree on a phone)
          await page.getByTestId('tile-0').scrollIntoViewIfNeeded();
          await expect.poll(() => played(page, 'tile-video-0'), { timeout: 30_000 }).toBeGreaterThan(0);
        }
        await screenshot(page, `video-${name}-${locale}-${width}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 240_000);
});

// Issue 25: a camera that cannot play says why, in words, wherever it shows: under the field of the camera
// dialog when saving (each bad setting its own cause), in video setup's list, on the wall's tile and from
// its snapshot button (a message, not a tab of JSON); in both looks (LOOKS). The demo
// allows local sources (its simulators are local), so the bad sources here are local too. It adds one
// camera per run and removes it again.
let web: Server;
let webUrl: string;
let closedPort: number;
let gateWrongPassword: string;
let offlineSerial: string;

/** An HTTP server that is no camera: 404 under /404/, a web page anywhere else. */
async function startWeb(): Promise<void> {
  web = createServer((req, res) => {
    if (req.url?.startsWith('/404/')) return void res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>a web page</body></html>');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  const spare = createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((r) => spare.close(() => r()));
}

/** The demo's own bad settings: its gate camera with a wrong password, its offline EZVIZ camera. */
function demoBadSettings() {
  // the demo's gate camera is on the RTSP simulator (its URL is shown masked: rtsp://***@127.0.0.1:port/...)
  const gate = cameras.find((c) => c.streamProtocol === 'rtsp' && c.streamUrl?.includes('/gate')) as VideoCamera;
  gateWrongPassword = (gate.streamUrl as string).replace('***@', 'viewer:wrong-password@');
  offlineSerial = (cameras.find((c) => c.kind === 'ezviz' && !c.online) as VideoCamera).deviceSerial as string;
}

type Bad = { kind: 'stream' | 'ezviz'; value: () => string; fault: CameraFault };
const BAD: Bad[] = [
  { kind: 'stream', value: () => `rtsp://admin:pw@127.0.0.1:${closedPort}/live`, fault: 'refused' },
  { kind: 'stream', value: () => gateWrongPassword, fault: 'auth' },
  { kind: 'stream', value: () => `${webUrl}/404/live.m3u8`, fault: 'not-found' },
  { kind: 'stream', value: () => `${webUrl}/page/live.flv`, fault: 'not-video' },
  { kind: 'ezviz', value: () => 'NO-SUCH-SERIAL-1', fault: 'ezviz-unknown-serial' },
  { kind: 'ezviz', value: () => offlineSerial, fault: 'offline' },
];
const KIND_LABEL = {
  'zh-CN': { stream: '视频流地址', ezviz: '萤石云' },
  'en-US': { stream: 'Stream URL', ezviz: 'EZVIZ cloud' },
};

/** Fills the dialog for one bad setting, saves, and waits for its cause under the field. */
async function tryBad(page: Page, dialog: Locator, bad: Bad, locale: 'zh-CN' | 'en-US') {
  await dialog.locator('.ant-radio-wrapper', { hasText: KIND_LABEL[locale][bad.kind] }).click();
  const id = bad.kind === 'stream' ? '#streamUrl' : '#deviceSerial';
  await dialog.locator(id).fill(bad.value());
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  const words = CAMERA_FAULT_TEXT[bad.fault][locale === 'zh-CN' ? 'zh' : 'en'];
  // (a `has` locator is read inside the form item: from the page, not from the dialog)
  const item = dialog.locator('.ant-form-item').filter({ has: page.locator(id) });
  await expect
    .poll(() => item.locator('.ant-form-item-explain-error').allInnerTexts(), { timeout: 30_000 })
    .toContain(words);
}

describe('a camera that cannot play says why', () => {
  for (const [locale, width] of LOOKS)
    it(`in ${locale} at ${width} px: on save, in the list, on the tile and from its snapshot`, async () => {
      const { page, context, problems } = await signedInPage(browser, { locale, width, path: '/system/video-setup' });
      const lang = locale === 'zh-CN' ? 'zh' : 'en';
      const name = `bad-${locale}-${width}`;

      await page.getByTestId('camera-add').click();
      const dialog = page.getByTestId('camera-form');
      await dialog.locator('#name').fill(name);
      for (const bad of BAD) {
        await tryBad(page, dialog, bad, locale);
        if (bad.fault === 'auth' || bad.fault === 'ezviz-unknown-serial')
          await screenshot(page, `video-fault-${bad.fault}-${locale}-${width}`);
      }

      // saved anyway, on purpose
      await dialog.locator('.ant-radio-wrapper', { hasText: KIND_LABEL[locale].stream }).click();
      await dialog.locator('#streamUrl').fill(BAD[0]?.value() as string);
      await dialog.getByTestId('camera-unchecked').check();
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      const mine = (await api<VideoCamera[]>('/api/merchant/video/camera/list', token)).data.find(
        (c) => c.name === name,
      ) as VideoCamera;
      const uncheckedWords = locale === 'zh-CN' ? '未检查' : 'Not checked';
      await expect
        .poll(() => page.getByTestId(`camera-state-${mine.id}`).innerText(), { timeout: 15_000 })
        .toBe(uncheckedWords);

      // the wall: the tile names the cause, the snapshot button says it in a message and opens no tab
      await visit(page, '/videoEqui/video');
      await page.getByTestId(`camera-node-${mine.id}`).click();
      await page.getByTestId('tile-0').scrollIntoViewIfNeeded();
      const refused = CAMERA_FAULT_TEXT.refused[lang];
      await expect.poll(() => page.getByTestId('tile-error-0').innerText(), { timeout: 30_000 }).toBe(refused);
      const tabs = context.pages().length;
      await page.getByTestId('tile-snapshot-0').click();
      await expect.poll(() => page.locator('.ant-message').innerText(), { timeout: 30_000 }).toContain(refused);
      expect(context.pages()).toHaveLength(tabs);
      await screenshot(page, `video-fault-tile-${locale}-${width}`);

      // video setup's list now says why the last contact failed
      await visit(page, '/system/video-setup');
      // the list is read again on the way back (the one in the cache is from before the play)
      await expect
        .poll(() => page.getByTestId(`camera-state-${mine.id}`).innerText(), { timeout: 15_000 })
        .toBe(refused);
      await page.getByTestId(`camera-state-${mine.id}`).scrollIntoViewIfNeeded();
      await screenshot(page, `video-fault-list-${locale}-${width}`);

      const removed = await api('/api/merchant/video/camera/remove', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: mine.id }),
      });
      expect(removed.code).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }, 180_000);
});
