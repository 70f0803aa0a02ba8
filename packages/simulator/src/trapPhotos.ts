import sharp from 'sharp';
import { localMinuteOfDay, type Place } from './models/place';
import { weatherAt } from './models/weather';
import { mulberry32 } from './random';

/** One detection as the trap's on-board detector reports it (box relative to the picture). */
export interface TrapDetection {
  code: string;
  confidence: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How each category looks when drawn (colour, body length relative to the width, shape) and how common it is. */
const INSECTS = [
  { code: 'helicoverpa_armigera', colour: '#8a6a3a', size: 0.07, shape: 'moth', share: 0.18 },
  { code: 'plutella_xylostella', colour: '#6b5a45', size: 0.04, shape: 'moth', share: 0.22 },
  { code: 'spodoptera_exigua', colour: '#7b6d52', size: 0.055, shape: 'moth', share: 0.14 },
  { code: 'spodoptera_litura', colour: '#5a4a38', size: 0.07, shape: 'moth', share: 0.1 },
  { code: 'bemisia_tabaci', colour: '#f4f1d0', size: 0.02, shape: 'fly', share: 0.16 },
  { code: 'aphididae', colour: '#4f7a3a', size: 0.02, shape: 'dot', share: 0.15 },
  { code: 'agrotis_ipsilon', colour: '#3e3428', size: 0.075, shape: 'moth', share: 0.05 },
] as const;
const SPORES = [
  { code: 'botrytis_cinerea', colour: '#6f6a8f', size: 0.025, shape: 'oval', share: 0.4 },
  { code: 'podosphaera_xanthii', colour: '#8f8fb0', size: 0.03, shape: 'chain', share: 0.3 },
  { code: 'pseudoperonospora_cubensis', colour: '#55507a', size: 0.028, shape: 'lemon', share: 0.2 },
  { code: 'alternaria_solani', colour: '#4a3a2a', size: 0.045, shape: 'club', share: 0.1 },
] as const;

export type TrapKind = 'insect' | 'spore';

/**
 * Catch expected in one photo: insects fly to the lamp at night and in warm weather (none below about
 * 10 °C); spores fly in humid, mild weather. Scaled by the minutes since the previous photo.
 */
export function expectedCatch(kind: TrapKind, ts: number, place: Place, minutes: number): number {
  const w = weatherAt(ts, place);
  if (kind === 'insect') {
    const minute = localMinuteOfDay(ts, place);
    const night = minute >= 19 * 60 || minute < 5 * 60 ? 1 : 0.08;
    const warmth = Math.max(0, Math.min(1, (w.airTemp - 10) / 18));
    return 14 * night * warmth * (minutes / 60);
  }
  const humid = Math.max(0, (w.airHumidity - 55) / 45);
  const mild = w.airTemp > 8 && w.airTemp < 30 ? 1 : 0.2;
  return 30 * humid * mild * (minutes / 60);
}

/** Deterministic detections for a photo (same seed, same photo). */
export function trapDetections(kind: TrapKind, expected: number, seed: number): TrapDetection[] {
  const rnd = mulberry32(seed);
  // Poisson-like count around the expectation, capped to what a tray shows legibly.
  const n = Math.min(60, Math.max(0, Math.round(expected + (rnd() - 0.5) * 2 * Math.sqrt(expected + 1))));
  const kinds = kind === 'insect' ? INSECTS : SPORES;
  const out: TrapDetection[] = [];
  for (let i = 0; i < n; i += 1) {
    const r = rnd();
    let acc = 0;
    const k =
      kinds.find((c) => {
        acc += c.share;
        return r < acc;
      }) ?? kinds[0];
    const size = k.size * (0.85 + rnd() * 0.3);
    const w = size;
    const h = size * (kind === 'insect' ? 1.3 : 1.0);
    out.push({
      code: k.code,
      confidence: Math.round((0.62 + rnd() * 0.37) * 100) / 100,
      x: Math.round((0.03 + rnd() * (0.94 - w)) * 1e4) / 1e4,
      y: Math.round((0.03 + rnd() * (0.94 - h)) * 1e4) / 1e4,
      w: Math.round(w * 1e4) / 1e4,
      h: Math.round(h * 1e4) / 1e4,
    });
  }
  return out;
}

export const PHOTO_SIZE = { width: 960, height: 720 };

function shapeOf(d: TrapDetection, rot: number): string {
  const { width: W, height: H } = PHOTO_SIZE;
  const cx = (d.x + d.w / 2) * W;
  const cy = (d.y + d.h / 2) * H;
  const rx = (d.w * W) / 2;
  const ry = (d.h * H) / 2;
  const all = [...INSECTS, ...SPORES] as readonly { code: string; colour: string; shape: string }[];
  const c = all.find((k) => k.code === d.code) ?? all[0];
  const t = `transform="rotate(${rot} ${cx.toFixed(1)} ${cy.toFixed(1)})"`;
  switch (c.shape) {
    case 'moth':
      return `<g ${t}><path d="M${cx} ${cy - ry} L${cx + rx} ${cy + ry * 0.8} L${cx} ${cy + ry * 0.5} L${cx - rx} ${cy + ry * 0.8} Z" fill="${c.colour}" opacity="0.9"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.25}" ry="${ry * 0.9}" fill="#2b2118"/></g>`;
    case 'fly':
      return `<g ${t}><ellipse cx="${cx - rx * 0.4}" cy="${cy}" rx="${rx * 0.55}" ry="${ry * 0.8}" fill="${c.colour}" stroke="#b9b48a"/><ellipse cx="${cx + rx * 0.4}" cy="${cy}" rx="${rx * 0.55}" ry="${ry * 0.8}" fill="${c.colour}" stroke="#b9b48a"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.2}" ry="${ry * 0.6}" fill="#d8c25a"/></g>`;
    case 'chain':
      return `<g ${t}>${[-0.6, 0, 0.6].map((o) => `<ellipse cx="${cx + o * rx}" cy="${cy}" rx="${rx * 0.35}" ry="${ry * 0.5}" fill="none" stroke="${c.colour}" stroke-width="2"/>`).join('')}</g>`;
    case 'lemon':
      return `<ellipse ${t} cx="${cx}" cy="${cy}" rx="${rx * 0.7}" ry="${ry}" fill="${c.colour}" opacity="0.55" stroke="${c.colour}" stroke-width="2"/>`;
    case 'club':
      return `<g ${t}><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.45}" ry="${ry}" fill="${c.colour}" opacity="0.8"/><line x1="${cx - rx * 0.4}" y1="${cy - ry * 0.3}" x2="${cx + rx * 0.4}" y2="${cy - ry * 0.3}" stroke="#f0e6d0"/><line x1="${cx - rx * 0.4}" y1="${cy + ry * 0.2}" x2="${cx + rx * 0.4}" y2="${cy + ry * 0.2}" stroke="#f0e6d0"/></g>`;
    case 'oval':
      return `<ellipse ${t} cx="${cx}" cy="${cy}" rx="${rx * 0.6}" ry="${ry * 0.85}" fill="${c.colour}" opacity="0.7"/>`;
    default:
      return `<circle cx="${cx}" cy="${cy}" r="${Math.min(rx, ry) * 0.8}" fill="${c.colour}"/>`;
  }
}

/**
 * A JPEG of the tray (insects on a light board) or of the slide (spores in a round microscope field).
 * `width` draws the same picture smaller (a history backfill renders hundreds of them).
 */
export async function renderTrapPhoto(
  kind: TrapKind,
  detections: TrapDetection[],
  seed: number,
  width: number = PHOTO_SIZE.width,
): Promise<Buffer> {
  const { width: W, height: H } = PHOTO_SIZE;
  const rnd = mulberry32(seed ^ 0x5eed);
  const background =
    kind === 'insect'
      ? `<rect width="${W}" height="${H}" fill="#efe9da"/><rect x="12" y="12" width="${W - 24}" height="${H - 24}" fill="none" stroke="#d6ccb4" stroke-width="6"/>`
      : `<rect width="${W}" height="${H}" fill="#111"/><circle cx="${W / 2}" cy="${H / 2}" r="${H * 0.62}" fill="#e6e2f0"/>`;
  const debris = Array.from({ length: 40 }, () => {
    const x = rnd() * W;
    const y = rnd() * H;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1 + rnd() * 2).toFixed(1)}" fill="${kind === 'insect' ? '#c9bfa6' : '#c8c2dc'}"/>`;
  }).join('');
  const bodies = detections.map((d) => shapeOf(d, Math.round(rnd() * 360))).join('');
  const outH = Math.round((width * H) / W);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${outH}" viewBox="0 0 ${W} ${H}">${background}${debris}${bodies}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Uploads a photo and then its detections, as the trap's firmware does (docs/DEVICES.md). */
export async function uploadTrapPhoto(
  httpUrl: string,
  creds: { serial: string; secret: string },
  photo: { takenAt: number; jpeg: Buffer; detections: TrapDetection[] },
): Promise<number> {
  const headers = { 'x-device-serial': creds.serial, 'x-device-secret': creds.secret };
  const up = await fetch(`${httpUrl.replace(/\/$/, '')}/api/device/uploadImage?takenAt=${photo.takenAt}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo.jpeg),
  });
  const upJson = (await up.json()) as { code: number; msg: string; data: { imageId: number } };
  if (upJson.code !== 0) throw new Error(`${creds.serial}: upload refused: ${upJson.msg}`);
  const det = await fetch(`${httpUrl.replace(/\/$/, '')}/api/device/imageDetections`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ imageId: upJson.data.imageId, detections: photo.detections }),
  });
  const detJson = (await det.json()) as { code: number; msg: string };
  if (detJson.code !== 0) throw new Error(`${creds.serial}: detections refused: ${detJson.msg}`);
  return upJson.data.imageId;
}
