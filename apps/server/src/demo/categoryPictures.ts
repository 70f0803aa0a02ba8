import sharp from 'sharp';
import type { Db } from '../db/connect';
import { createImageStore } from '../modules/devices/imageStore';
import { ensureDefaults } from '../modules/pests/categories';

const DEMO_MERCHANTS = ['Demo Farm', 'Green Valley Orchard'];

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML[c]);

/** A drawn insect (body, head, wings, legs) tinted from the name, with the name under it: made here, copied from nowhere. */
export function categorySvg(name: string, spore: boolean): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  const body = `hsl(${h},45%,35%)`;
  const wing = `hsla(${(h + 40) % 360},60%,80%,0.7)`;
  const legs = [-1, 1]
    .flatMap((s) => [0, 1, 2].map((i) => `<path d="M160 ${118 + i * 16} l${s * 44} ${i * 10 - 12}" />`))
    .join('');
  const figure = spore
    ? [0, 1, 2, 3, 4]
        .map((i) => `<ellipse cx="${110 + i * 22}" cy="${110 + (i % 2) * 30}" rx="12" ry="22" fill="${body}" />`)
        .join('')
    : `<g stroke="${body}" stroke-width="4" stroke-linecap="round">${legs}</g>
       <ellipse cx="125" cy="105" rx="42" ry="18" fill="${wing}" transform="rotate(-25 125 105)" />
       <ellipse cx="195" cy="105" rx="42" ry="18" fill="${wing}" transform="rotate(25 195 105)" />
       <ellipse cx="160" cy="135" rx="20" ry="42" fill="${body}" />
       <circle cx="160" cy="84" r="14" fill="${body}" />`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="320" height="240" fill="#f4f1e6" />${figure}
    <text x="160" y="222" font-size="24" text-anchor="middle" font-family="sans-serif" fill="#333">${xml(name)}</text>
  </svg>`;
}

/**
 * Pictures for the demo's pest and spore categories that have none: generated at start, stored like an
 * uploaded picture (content-addressed), so the category pages and recognition results show them.
 */
export async function seedCategoryPictures(deps: { db: Db; dataDir: string }): Promise<number> {
  const merchants = await deps.db.selectFrom('merchants').select('id').where('name', 'in', DEMO_MERCHANTS).execute();
  for (const m of merchants) await ensureDefaults(deps.db, m.id);
  const rows = await deps.db
    .selectFrom('pest_categories as c')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .select(['c.id', 'c.name', 'c.kind', 'c.merchant_id'])
    // only the demo's own companies: a real merchant's categories are theirs to picture
    .where('m.name', 'in', DEMO_MERCHANTS)
    .where('c.picture_sha256', 'is', null)
    .execute();
  const store = createImageStore(deps.dataDir);
  for (const r of rows) {
    const png = await sharp(Buffer.from(categorySvg(r.name, r.kind === 'spore')))
      .png()
      .toBuffer();
    const stored = await store.put(png, { db: deps.db, merchantId: r.merchant_id });
    await deps.db
      .updateTable('pest_categories')
      .set({ picture_sha256: stored.sha256, picture_mime: stored.mime })
      .where('id', '=', r.id)
      .where('picture_sha256', 'is', null)
      .execute();
  }
  return rows.length;
}
