import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createImageStore } from '../modules/devices/imageStore';
import { describeEachEngine } from '../test/harness';
import { categorySvg, seedCategoryPictures } from './categoryPictures';

describeEachEngine('demo category pictures', (env) => {
  it('gives every demo category a generated picture once, stored like an upload', async () => {
    const { db, config } = env();
    const first = await seedCategoryPictures({ db, dataDir: config.dataDir });
    expect(first).toBeGreaterThan(0);
    const rows = await db.selectFrom('pest_categories').select(['picture_sha256', 'picture_mime']).execute();
    expect(rows.every((r) => r.picture_sha256 !== null && r.picture_mime === 'image/png')).toBe(true);
    const file = createImageStore(config.dataDir).pathOf(rows[0].picture_sha256!, 'image/png');
    expect((await sharp(await readFile(file)).metadata()).width).toBe(320);
    expect(await seedCategoryPictures({ db, dataDir: config.dataDir })).toBe(0);
  });
});

it('draws the name as text, never markup', () => {
  expect(categorySvg('<a href="x">蚜虫</a>', false)).toContain('&lt;a href=&quot;x&quot;&gt;蚜虫&lt;/a&gt;');
});
