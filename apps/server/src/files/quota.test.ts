import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Code, type FileUsage, MB, type TraceReport } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { P } from '../modules/production/core/permits';
import { productionRows } from '../modules/production/core/testFixture';
import { reportBody } from '../modules/trace/reports/reportFixture';
import { describeEachEngine } from '../test/harness';
import { picture } from '../test/pictures';
import { contentStore } from './contentStore';
import { FILE_GRACE_MS, sweepFiles } from './sweep';

const REPORTS = '/api/merchant/trace/report';
const DAY = 24 * 3_600_000;
/** A whole PDF of about `kb` KB whose content differs by `tag`. */
const pdf = (tag: string, kb = 400) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${tag}\n`), Buffer.alloc(kb * 1024, 32), Buffer.from('\n%%EOF\n')]);

describeEachEngine('the file store: a quota per company, and files no record names swept away (issue 28)', (env) => {
  let farm: string;
  let orchard: string;
  const park = () => env().ids.parks.farm[0];
  const usage = async (token = farm) => (await env().get<FileUsage>('/api/merchant/storage/getFileUsage', token)).data;
  const reportsOf = (u: FileUsage) => u.kinds.find((k) => k.kind === 'reports')!;
  const store = () => contentStore(env().config.dataDir, 'reports');
  const shaOf = async (id: number) =>
    (await env().db.selectFrom('trace_reports').select('file_sha256').where('id', '=', id).executeTakeFirstOrThrow())
      .file_sha256 as string;
  async function report(token: string, groupId: number, reportNo: string) {
    const res = await env().post<{ id: number }>(`${REPORTS}/addReport`, token, reportBody(groupId, { reportNo }));
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  }
  const upload = (token: string, id: number, body: Buffer, lang = 'zh-CN') =>
    env().call({
      method: 'POST',
      url: `${REPORTS}/uploadReportFile?id=${id}`,
      token,
      headers: { 'content-type': 'application/pdf', 'accept-language': lang },
      payload: body,
    });
  const setQuota = (merchantId: number, mb: number) =>
    env().db.updateTable('merchants').set({ file_quota_mb: mb }).where('id', '=', merchantId).execute();

  beforeAll(async () => {
    farm = await env().login('demo');
    orchard = await env().login('demo2');
  });

  it("counts a company's files once each, refuses one that does not fit with a clear message, and writes nothing of it", async () => {
    const fresh = await usage();
    expect(fresh.quotaBytes).toBe(10240 * MB);
    expect(fresh.kinds.map((k) => k.kind)).toEqual(['images', 'reports', 'videos', 'labels']);
    await setQuota(env().ids.merchant.farm, Math.ceil((fresh.usedBytes + 900 * 1024) / MB));
    const before = await usage();

    const [a, b, c] = [
      await report(farm, park(), 'Q-A'),
      await report(farm, park(), 'Q-B'),
      await report(farm, park(), 'Q-C'),
    ];
    expect((await upload(farm, a, pdf('a'))).code).toBe(0);
    expect((await upload(farm, b, pdf('b'))).code).toBe(0);
    const used = await usage();
    expect(used.usedBytes - before.usedBytes).toBe(pdf('a').length + pdf('b').length);
    expect(reportsOf(used).files - reportsOf(before).files).toBe(2);

    // the third does not fit: refused in the caller's language, and neither the record nor the disk changes
    const refused = await upload(farm, c, pdf('c'));
    expect(refused.code).toBe(Code.STORAGE_QUOTA);
    expect(refused.msg).toMatch(/^企业存储空间不足：已用 [\d.]+ (KB|MB)，共 [\d.]+ MB，此文件需 401 KB。/);
    expect((await upload(farm, c, pdf('c'), 'en-US')).msg).toMatch(
      /^Your company's storage is full: .* used, and this file needs/,
    );
    const detail = await env().get<TraceReport>(`${REPORTS}/getReportDetail`, farm, { id: String(c) });
    expect(detail.data.fileType).toBeNull();
    const { createHash } = await import('node:crypto');
    const cSha = createHash('sha256').update(pdf('c')).digest('hex');
    expect(existsSync(store().pathOf(cSha, 'pdf'))).toBe(false);
    expect(await usage()).toEqual(used);

    // content the company keeps already costs nothing more: the same file on a second report fits
    expect((await upload(farm, c, pdf('a'))).code).toBe(0);
    expect(await usage()).toEqual(used);

    // another company's quota is its own
    const theirs = await report(orchard, env().ids.parks.orchard, 'Q-O');
    expect((await upload(orchard, theirs, pdf('b'))).code).toBe(0);
    expect(reportsOf(await usage(orchard)).bytes).toBeGreaterThanOrEqual(pdf('b').length);
  });

  it('removes a file no record names after the grace period, keeps one another record or company still names', async () => {
    const [b] = await env()
      .db.selectFrom('trace_reports')
      .select('id')
      .where('report_no', '=', 'Q-B')
      .where('merchant_id', '=', env().ids.merchant.farm)
      .execute();
    const bSha = await shaOf(b.id);
    const a = (
      await env().db.selectFrom('trace_reports').select('id').where('report_no', '=', 'Q-A').executeTakeFirstOrThrow()
    ).id;
    const aSha = await shaOf(a);
    const before = await usage();
    expect((await env().post(`${REPORTS}/removeReport`, farm, { id: [b.id, a] })).code).toBe(0);

    // within the grace period nothing moves (the file may be about to be named again)
    const now = Date.now();
    await sweepFiles(env().db, env().config.dataDir, now);
    expect(await usage()).toEqual(before);

    // past it: the company stops paying for B (another company keeps the same content, so the file stays);
    // A is still named by report C, so it stays counted
    const later = now + FILE_GRACE_MS.reports + 60_000;
    const swept = await sweepFiles(env().db, env().config.dataDir, later);
    expect(swept.released).toBeGreaterThanOrEqual(1);
    const after = await usage();
    expect(before.usedBytes - after.usedBytes).toBe(pdf('b').length);
    expect(existsSync(store().pathOf(bSha, 'pdf'))).toBe(true);
    expect(existsSync(store().pathOf(aSha, 'pdf'))).toBe(true);

    // once the other company's report goes too, the file goes from the disk
    const theirs = await env()
      .db.selectFrom('trace_reports')
      .select('id')
      .where('report_no', '=', 'Q-O')
      .executeTakeFirstOrThrow();
    expect((await env().post(`${REPORTS}/removeReport`, orchard, { id: [theirs.id] })).code).toBe(0);
    const old = new Date(now - 2 * DAY);
    utimesSync(store().pathOf(bSha, 'pdf'), old, old);
    const gone = await sweepFiles(env().db, env().config.dataDir, later + FILE_GRACE_MS.reports);
    expect(gone.removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(store().pathOf(bSha, 'pdf'))).toBe(false);
    expect(existsSync(store().pathOf(aSha, 'pdf'))).toBe(true);
  });

  it('enters files records name from before the ledger, and removes stray files with their thumbnails', async () => {
    // a crop's picture and a person's photo, each named in columns of its own (picture, photo and their types)
    const rows = await productionRows(env().db, env().ids.merchant.farm, park());
    for (const [url, format] of [
      [`${P}/crop/uploadPicture/${rows.cropId}`, 'jpeg'],
      [`${P}/personnel/uploadPhoto/${rows.personId}`, 'png'],
    ] as const) {
      const body = await picture(format, 80 + format.length);
      const up = await env().call({
        method: 'POST',
        url,
        token: farm,
        headers: { 'content-type': `image/${format}` },
        payload: body,
      });
      expect(up.code, up.msg).toBe(0);
    }
    const before = await usage();
    expect(before.kinds.find((k) => k.kind === 'images')?.files).toBeGreaterThanOrEqual(2);
    await env().db.deleteFrom('stored_files').where('merchant_id', '=', env().ids.merchant.farm).execute();
    expect((await usage()).usedBytes).toBe(0);
    const swept = await sweepFiles(env().db, env().config.dataDir);
    expect(swept.adopted).toBeGreaterThanOrEqual(1);
    expect(await usage()).toEqual(before);

    // a picture no record names (a crash between the file and its record), and its thumbnail
    const images = contentStore(env().config.dataDir, 'images');
    const sha = 'f'.repeat(64);
    for (const file of [images.pathOf(sha, 'jpg'), contentStore(env().config.dataDir, 'thumbs').pathOf(sha, 'jpg')]) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, 'stray');
    }
    const young = await sweepFiles(env().db, env().config.dataDir);
    expect(existsSync(images.pathOf(sha, 'jpg'))).toBe(true);
    expect(young.removed).toBe(0);
    const old = new Date(Date.now() - 2 * DAY);
    utimesSync(images.pathOf(sha, 'jpg'), old, old);
    await sweepFiles(env().db, env().config.dataDir);
    expect(existsSync(images.pathOf(sha, 'jpg'))).toBe(false);
    expect(existsSync(contentStore(env().config.dataDir, 'thumbs').pathOf(sha, 'jpg'))).toBe(false);
  });

  it('knows every table that names a stored file (a table it missed would lose its files to the sweep)', async () => {
    const src = readFileSync(join(__dirname, 'namersRepo.ts'), 'utf8');
    const tables = await env().db.introspection.getTables();
    const naming = tables
      .filter((t) => t.name !== 'stored_files')
      .filter((t) =>
        t.columns.some((c) => c.name === 'sha256' || c.name.endsWith('_sha256') || c.name.endsWith('_mime')),
      )
      .map((t) => t.name);
    expect(naming.length).toBeGreaterThanOrEqual(10);
    for (const name of naming)
      expect(src, name).toMatch(new RegExp(`(selectFrom|columns|throughParent)\\('${name}[' ]`));
  });

  // data-screen accounts are refused it by the walk of every route as a screen account (docs/API.md)
  it('answers the usage to every signed-in user of the company, not only its administrators', async () => {
    const operator = await env().login('operator');
    const res = await env().get<FileUsage>('/api/merchant/storage/getFileUsage', operator);
    expect(res.data).toEqual(await usage());
  });
});
