import sharp from 'sharp';
import type { Db } from '../db/connect';
import { createImageStore } from '../modules/devices/imageStore';
import { insertSnapshot } from '../modules/videoSnapshots/repo';
import { localTime } from '../rules/windows';

const DAY_MS = 86_400_000;
/** The seedling camera of the demo's first park (its other parks' cameras are made when the server starts). */
const SEEDLING_CAMERA = 'DF-CM-0002';
/** Three pictures a day, as a seedling camera's schedule keeps them: morning, noon, afternoon (local). */
const HOURS = [8, 12, 16];
const W = 640;
const H = 360;

/**
 * Trays of seedlings `age` days after sowing at `hour`: they emerge, grow and open their leaves over four
 * weeks (a logistic curve), under the light of the hour. Deterministic, so two dates side by side and a
 * time-lapse show growth, not noise.
 */
export function seedbedPicture(age: number, hour: number, label: string): Promise<Buffer> {
  const grown = 1 / (1 + Math.exp(-(age - 14) / 3.5));
  const light = hour === 12 ? 1 : 0.82;
  const sky = `rgb(${Math.round(214 * light)},${Math.round(228 * light)},${Math.round(220 * light)})`;
  const plants: string[] = [];
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 9; col++) {
      // each plant its own pace, fixed by its place
      const own = 0.85 + 0.3 * (((row * 9 + col) * 37) % 11) * 0.1;
      const size = Math.max(0, grown * own);
      const x = 50 + col * 68;
      const y = 175 + row * 48;
      if (size < 0.04) continue;
      const stem = 4 + 34 * size;
      const leaf = 3 + 22 * size;
      plants.push(
        `<line x1="${x}" y1="${y}" x2="${x}" y2="${(y - stem).toFixed(1)}" stroke="#4f7a28" stroke-width="${(1 + size * 2).toFixed(1)}"/>`,
        `<ellipse cx="${(x - leaf * 0.8).toFixed(1)}" cy="${(y - stem).toFixed(1)}" rx="${leaf.toFixed(1)}" ry="${(leaf * 0.45).toFixed(1)}" fill="#5f9e2f" transform="rotate(-20 ${x} ${(y - stem).toFixed(1)})"/>`,
        `<ellipse cx="${(x + leaf * 0.8).toFixed(1)}" cy="${(y - stem).toFixed(1)}" rx="${leaf.toFixed(1)}" ry="${(leaf * 0.45).toFixed(1)}" fill="#6cae36" transform="rotate(20 ${x} ${(y - stem).toFixed(1)})"/>`,
      );
    }
  const trays = [0, 1, 2, 3]
    .map((row) => `<rect x="20" y="${160 + row * 48}" width="600" height="26" rx="3" fill="#6b4a2f"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<rect width="${W}" height="${H}" fill="${sky}"/>
<rect y="140" width="${W}" height="${H - 140}" fill="#8d8a80"/>
${trays}${plants.join('')}
<rect x="8" y="8" width="190" height="26" fill="rgba(0,0,0,0.55)"/>
<text x="16" y="27" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#fff">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/**
 * The demo seedling camera's past pictures (issue 25, point 7): three a day for `days` days, of trays sown
 * `days` days ago, stored as its schedule stores pictures, so the seedling page's two dates and a
 * time-lapse mean something on a fresh start. A camera with a picture from that far back is left alone.
 */
export async function backfillSeedlingPictures(
  deps: { db: Db; dataDir: string; tzName: string },
  opts: { days?: number; now?: number } = {},
): Promise<{ pictures: number }> {
  const { db } = deps;
  const days = opts.days ?? 28;
  const now = opts.now ?? Date.now();
  const cam = await db
    .selectFrom('devices as d')
    .innerJoin('groups as g', 'g.id', 'd.group_id')
    .select(['d.id', 'd.merchant_id', 'd.group_id', 'g.time_zone'])
    .where('d.serial', '=', SEEDLING_CAMERA)
    .executeTakeFirst();
  if (!cam?.group_id) return { pictures: 0 };
  const groupId = cam.group_id;
  const tz = cam.time_zone ?? deps.tzName;
  // today's midnight in the park (its zone's offset now: a DST change within the range moves an hour)
  const minute = Math.floor(now / 60_000) * 60_000;
  const midnight = minute - localTime(minute, tz).minutes * 60_000;
  const first = midnight - days * DAY_MS;
  const old = await db
    .selectFrom('video_snapshots')
    .select('id')
    .where('camera_id', '=', cam.id)
    .where('taken_at', '<', first + DAY_MS)
    .limit(1)
    .executeTakeFirst();
  if (old) return { pictures: 0 };

  const images = createImageStore(deps.dataDir);
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  let pictures = 0;
  for (let age = 0; age < days; age++)
    for (const hour of HOURS) {
      const at = first + age * DAY_MS + hour * 3_600_000;
      if (at > now) continue;
      const jpeg = await seedbedPicture(age, hour, format.format(at));
      const stored = await images.put(jpeg, { db, merchantId: cam.merchant_id });
      await insertSnapshot(db, {
        merchant_id: cam.merchant_id,
        group_id: groupId,
        camera_id: cam.id,
        taken_at: at,
        source: 'schedule',
        alarm_id: null,
        sha256: stored.sha256,
        mime: stored.mime,
        bytes: stored.bytes,
        width: W,
        height: H,
      });
      pictures++;
    }
  return { pictures };
}
