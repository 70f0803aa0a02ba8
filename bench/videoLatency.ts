import type { Page } from 'playwright-core';
import { TIME_CODE } from '../apps/server/src/video-sim/timeCode';
import { log } from './args';

/**
 * Live latency and PTZ feedback as a person sees them (the demo's cameras draw a time code,
 * VIDEO_SIM_TIME_CODE=1, video-sim/timeCode.ts). In the page, every decoded frame of the wall's tiles
 * (requestVideoFrameCallback) is drawn to a canvas; its time code is read and compared with the page's
 * clock when the frame is shown: the latency from the camera to the screen. For PTZ, a move is pressed
 * (the same API call as the console's pad) and the first frame that differs from the one before the press
 * is timed from the press.
 */

/** The 95th percentile (nearest rank). */
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)];

// Page code as strings: tsx would wrap named inner functions in a helper the page lacks.
const { bits, cell, unitMs } = TIME_CODE;
/**
 * In the page: `window.__frames(video, onFrame, rows)` calls onFrame(imageData, shownAtWallMs) for each frame
 * shown, with its top `rows` rows (all by default; the time code needs 12: nine tiles read whole cost frames).
 */
const FRAMES = `window.__frames = (video, onFrame, rows) => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let on = true;
  const next = () => video.requestVideoFrameCallback((now, meta) => {
    if (!on) return;
    const w = video.videoWidth, h = Math.min(rows || video.videoHeight, video.videoHeight);
    if (w && h) {
      canvas.width = w; canvas.height = h;
      ctx.drawImage(video, 0, 0, w, h, 0, 0, w, h);
      onFrame(ctx.getImageData(0, 0, w, h), performance.timeOrigin + meta.expectedDisplayTime);
    }
    next();
  });
  next();
  return () => { on = false; };
};
window.__code = (img) => {
  let code = 0;
  for (let k = 0; k < ${bits}; k++) {
    const i = ((${cell / 2}) * img.width + k * ${cell} + ${cell / 2}) * 4;
    if ((img.data[i] + img.data[i + 1] + img.data[i + 2]) / 3 > 128) code += 2 ** k;
  }
  return code;
};
window.__age = (code, nowMs) => {
  const period = ${2 ** bits};
  const steps = (((Math.floor(nowMs / ${unitMs}) % period) - code) % period + period) % period;
  return steps * ${unitMs} + (nowMs % ${unitMs});
};`;

/** The latency of every frame shown in the wall's first `tiles` tiles over `seconds`. */
export async function liveLatency(page: Page, tiles: number, seconds: number): Promise<number[]> {
  await page.evaluate(FRAMES);
  const samples = await page.evaluate<number[]>(`new Promise((resolve) => {
    const out = [];
    const stops = [];
    for (let i = 0; i < ${tiles}; i++) {
      const v = document.querySelector('[data-testid="tile-video-' + i + '"]');
      if (v) stops.push(window.__frames(v, (img, shownAt) => out.push(window.__age(window.__code(img), shownAt)), ${cell}));
    }
    setTimeout(() => { stops.forEach((s) => s()); resolve(out); }, ${seconds * 1000});
  })`);
  return samples.map((s) => Math.round(s));
}

/**
 * Press to first visible change of a PTZ camera shown in tile `tile`, `presses` times (left and right in
 * turn, so the window stays inside the scene): `press(direction)` sends the move and answers when it was
 * sent (epoch ms), `release` stops it. A frame differs when more than 5 % of its pixels (away from the time
 * code and the texts) changed by more than 48 in a channel against the last frame before the press (the
 * demo's moving box alone changes under 3 %).
 */
export async function ptzVisible(
  page: Page,
  tile: number,
  presses: number,
  press: (direction: 'left' | 'right') => Promise<number>,
  release: (direction: 'left' | 'right') => Promise<void>,
): Promise<number[]> {
  await page.evaluate(FRAMES);
  const samples: number[] = [];
  for (let i = 0; i < presses; i++) {
    const direction = i % 2 === 0 ? 'left' : 'right';
    // watch: keep the last frame as the reference until armed, then time the first changed one
    await page.evaluate(`(() => {
      const v = document.querySelector('[data-testid="tile-video-${tile}"]');
      window.__ptz = { ref: null, pressedAt: null, changedAt: null, frames: 0, most: 0 };
      const s = window.__ptz;
      s.stop = window.__frames(v, (img, shownAt) => {
        s.frames++;
        if (s.pressedAt === null || shownAt < s.pressedAt) { s.ref = img; return; }
        if (s.changedAt !== null || !s.ref) return;
        let changed = 0, all = 0;
        for (let y = ${cell + 8}; y < img.height - 40; y += 2)
          for (let x = 0; x < img.width; x += 2) {
            const j = (y * img.width + x) * 4;
            all++;
            if (Math.abs(img.data[j] - s.ref.data[j]) > 48 || Math.abs(img.data[j + 1] - s.ref.data[j + 1]) > 48 ||
                Math.abs(img.data[j + 2] - s.ref.data[j + 2]) > 48) changed++;
          }
        s.most = Math.max(s.most, changed / all);
        if (changed / all > 0.05) s.changedAt = shownAt;
      });
    })()`);
    await page.waitForTimeout(800);
    const pressedAt = await press(direction);
    await page.evaluate(`window.__ptz.pressedAt = ${pressedAt}`);
    // polled with evaluate: waitForFunction evaluates strings in the page, which the console's CSP forbids
    let changedAt: number | null = null;
    for (const until = Date.now() + 10_000; changedAt === null && Date.now() < until; ) {
      changedAt = await page.evaluate<number | null>('window.__ptz.changedAt');
      if (changedAt === null) await page.waitForTimeout(50);
    }
    await release(direction);
    await page.evaluate('window.__ptz.stop()');
    if (changedAt === null) {
      // counted as 10 s: a press nobody sees is a failure, not a missing sample
      samples.push(10_000);
      const seen = await page.evaluate<string>(
        'JSON.stringify({ frames: window.__ptz.frames, most: window.__ptz.most })',
      );
      log(`PTZ press ${i + 1} (${direction}): no change seen in 10 s (${seen})`);
    } else {
      samples.push(Math.round(changedAt - pressedAt));
      log(`PTZ press ${i + 1} (${direction}): first changed frame after ${Math.round(changedAt - pressedAt)} ms`);
    }
    await page.waitForTimeout(700);
  }
  return samples;
}
