import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BatchOptions, CodeJob, Tree } from '@farmpark/contracts';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage, pickOption, screenshot, visit } from './browser';
import { api, apiLogin, firstParkId, jsonBody, LOOKS, listedIds, removeIds, signedInPage } from './session';

// The QR round trip (issue 14): a batch made from a demo harvest and published, 100 codes generated, the
// label PDF downloaded, its first page rendered with pdftoppm, a QR decoded from the picture with jsQR, its
// address opened on a phone without logging in, the page seen, and the scan counted in the console. The
// same for a demo tree's tag and /TC. What this file makes (lot E2E-RT-…) is removed after.
const B = '/api/merchant/trace/batch';
const C = '/api/merchant/traceCode';
const PRODUCT = 'E2E回环番茄';
const LOT = `E2E-RT-${Date.now().toString(36).toUpperCase()}`;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let token: string;
let park: number;
let batchId: number;
/** A code of the batch, decoded from its label (the withdrawal test reads it again). */
let code: string;
const work = mkdtempSync(path.join(tmpdir(), 'farmpark-qr-'));

async function download(url: string): Promise<Buffer> {
  const res = await fetch(`${baseURL()}${url}`, { headers: { AuthToken: token } });
  return Buffer.from(await res.arrayBuffer());
}

/** The first QR on the PDF's first page, as a phone camera would read it off the printed sheet. */
async function qrOf(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, path.join(work, name)]);
  const png = readFileSync(path.join(work, `${name}.png`));
  // one label of the sheet: the top-left cell (A4: 3x7 cells in 10 mm margins) or the whole tag page
  const meta = await sharp(png).metadata();
  const crop =
    (meta.width ?? 0) > 1000
      ? { left: 0, top: 0, width: Math.round((meta.width ?? 0) / 3), height: Math.round((meta.height ?? 0) / 6) }
      : { left: 0, top: 0, width: meta.width ?? 0, height: meta.height ?? 0 };
  const { data, info } = await sharp(png).extract(crop).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(found, `a QR code on ${name}`).not.toBeNull();
  return (found as { data: string }).data;
}

async function cleanUp() {
  const ids = await listedIds(token, `${B}/getBatchList`, { groupId: String(park), keyword: 'E2E-RT-' });
  await removeIds(token, `${B}/removeBatch`, ids);
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  park = await firstParkId(token);
  await cleanUp();
  // the setup TR1's and TR2's own end-to-end tests drive in the console: here through the API
  const options = (await api<BatchOptions>(`${B}/getBatchOptions?groupId=${park}`, token)).data;
  const harvest = options.harvests[0];
  const added = await api<{ id: number }>(
    `${B}/addBatch`,
    token,
    jsonBody({
      groupId: park,
      productName: PRODUCT,
      gtin: null,
      lot: LOT,
      plantingIds: [harvest.plantingId],
      harvestIds: [harvest.id],
      reportIds: [],
      videoIds: [],
      certQuantity: 120,
      certUnit: 'kg',
      producer: '示范农场',
      origin: '山东寿光',
      contact: '0536-1234567',
      issuedOn: '2026-11-20',
      pledge: '我承诺对生产销售的食用农产品负责。',
      basis: ['ownControl', 'ownTest'],
      notes: '',
    }),
  );
  expect(added.code, added.msg).toBe(0);
  batchId = added.data.id;
  const sections = ['product', 'certificate', 'farm', 'plots', 'plantings', 'timeline', 'harvests'];
  const published = await api(`${B}/publishBatch`, token, jsonBody({ id: batchId, sections }));
  expect(published.code, published.msg).toBe(0);
}, 60_000);

afterAll(async () => {
  await cleanUp();
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function phone(locale: 'zh-CN' | 'en-US', width = PHONE.width) {
  return openPage(browser, { width, height: width < 500 ? PHONE.height : 900, locale });
}

const scanLine = (page: Page) => page.getByTestId('scan-line');

describe('the QR round trip', () => {
  it('prints 100 codes, decodes a label, opens it on a phone without login, and counts the scan', async () => {
    const job = await api<{ jobId: number }>(`${C}/generateCodes`, token, jsonBody({ batchId, count: 100 }));
    expect(job.code, job.msg).toBe(0);
    await expect
      .poll(async () => (await api<CodeJob>(`${C}/getCodeJob?jobId=${job.data.jobId}`, token)).data.status, {
        timeout: 30_000,
      })
      .toBe('done');
    const pdf = await download(`${C}/exportCodeLabels?batchId=${batchId}&size=A4`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const url = await qrOf(pdf, 'labels');
    const target = new URL(url);
    expect(target.pathname).toBe('/OC');
    code = target.searchParams.get('code') as string;

    // the consumer: a phone, no session, the page in Chinese
    const { page, context, problems } = await phone('zh-CN');
    await page.goto(`${target.pathname}${target.search}`);
    await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toContain(PRODUCT);
    await expect.poll(() => scanLine(page).innerText()).toContain('1 次');
    await expect(page.content()).resolves.not.toContain('ant-layout');
    await screenshot(page, 'trace-oc-zh-CN-390');
    // a reload is the same visit: still one
    await page.reload();
    await expect.poll(() => scanLine(page).innerText()).toContain('1 次');
    await context.close();
    expect(problems).toEqual([]);

    // other readers (Chinese on a desktop, English on a phone and a desktop): a scan each
    for (const [locale, width, says] of [
      ['zh-CN', 1440, '2 次'],
      ['en-US', 390, 'checked 3 times'],
      ['en-US', 1440, 'checked 4 times'],
    ] as const) {
      const other = await phone(locale, width);
      await other.page.goto(`/OC?code=${code}`);
      await expect.poll(() => scanLine(other.page).innerText(), { timeout: 15_000 }).toContain(says);
      await screenshot(other.page, `trace-oc-${locale}-${width}`);
      await other.context.close();
    }

    // the console sees the scans of that code
    const { page: admin, context: adminContext } = await signedInPage(browser);
    await visit(admin, '/tracingCenter/rootsProductCode');
    await pickOption(admin, admin, 'code-batch', LOT);
    const search = admin.getByTestId('code-search');
    await search.locator('input').first().fill(code);
    await admin.getByTestId('code-search-submit').click();
    const row = admin.getByTestId('code-table').locator('tr', { hasText: code });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/\b4\b/);
    await screenshot(admin, 'trace-oc-console-scans');
    await adminContext.close();
  }, 120_000);

  it('decodes a tree tag, opens /TC on a phone, and the tree page shows the scan', async () => {
    const trees = await api<{ list: Tree[] }>(
      `/api/merchant/trace/tree/getTreeList?groupId=${park}&pageSize=50`,
      token,
    );
    const tree = trees.data.list.find((t) => t.species === '柑橘') as Tree;
    expect(tree, 'the demo tree').toBeTruthy();
    const pdf = await download(`/api/merchant/trace/tree/exportTreeTags?ids=${tree.id}&size=40x60`);
    const url = await qrOf(pdf, 'tag');
    const target = new URL(url);
    expect(`${target.pathname}${target.search}`).toBe(`/TC?code=${tree.code}`);

    const before = tree.scanCount;
    for (const [locale, width] of [
      ['zh-CN', 390],
      ['zh-CN', 1440],
      ['en-US', 390],
      ['en-US', 1440],
    ] as const) {
      const { page, context, problems } = await phone(locale, width);
      await page.goto(`${target.pathname}${target.search}`);
      await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toContain('柑橘');
      await expect.poll(() => page.locator('.pt-card').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, `trace-tc-${locale}-${width}`);
      await context.close();
      expect(problems).toEqual([]);
    }

    for (const [locale, width] of LOOKS) {
      const { page, context } = await signedInPage(browser, { width, locale });
      await visit(page, '/tracingCenter/rootsTreeCode');
      const row = page.getByTestId('tree-table').locator('tr', { hasText: tree.code });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await screenshot(page, `trace-tree-${locale}-${width}`);
      await row.getByTestId('tree-detail').click();
      await expect.poll(() => page.getByTestId('tree-scans').innerText()).toBe(String(before + 4));
      await screenshot(page, `trace-tree-drawer-${locale}-${width}`);
      await context.close();
    }
  }, 150_000);

  it('withdraws the batch in the console; its code then tells consumers so, with the day', async () => {
    // the dialog in English on a phone: it names how many codes will say so
    const en = await signedInPage(browser, { width: 390, locale: 'en-US' });
    await visit(en.page, '/tracingCenter/rootBatch');
    await en.page.getByTestId(`batch-unpublish-${batchId}`).click();
    await expect.poll(() => en.page.getByTestId('batch-withdraw-warning').innerText()).toContain('100 codes');
    await screenshot(en.page, 'trace-withdraw-dialog-en-US-390');
    await en.context.close();

    const { page: admin, context } = await signedInPage(browser);
    await visit(admin, '/tracingCenter/rootBatch');
    await admin.getByTestId(`batch-unpublish-${batchId}`).click();
    await expect.poll(() => admin.getByTestId('batch-withdraw-warning').innerText()).toContain('100 个溯源码');
    await admin.getByTestId('batch-withdraw-ok').click();
    // the reason is required, and said so under the field before anything is sent
    await expect.poll(() => admin.locator('.ant-form-item-explain-error').first().innerText()).toContain('撤回原因');
    await admin.getByTestId('batch-withdraw-reason').fill('包装时混入未经检测的一筐，整批撤回复检');
    await screenshot(admin, 'trace-withdraw-dialog-zh-CN-1440');
    await admin.getByTestId('batch-withdraw-ok').click();
    await expect
      .poll(() => admin.getByTestId(`batch-status-${batchId}`).innerText(), { timeout: 15_000 })
      .toContain('已撤回');
    await screenshot(admin, 'trace-withdrawn-list-zh-CN-1440');
    await context.close();

    for (const [locale, width, says] of [
      ['zh-CN', 390, '被生产者撤回'],
      ['en-US', 1440, 'Withdrawn by the producer on'],
    ] as const) {
      const reader = await phone(locale, width);
      // the public read caches a batch two seconds: read again until the withdrawal shows
      await expect
        .poll(
          async () => {
            await reader.page.goto(`/OC?code=${code}`);
            return reader.page.getByRole('alert').innerText({ timeout: 10_000 });
          },
          { timeout: 30_000 },
        )
        .toContain(says);
      expect(await reader.page.getByRole('alert').innerText()).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(await reader.page.locator('h1').count()).toBe(0);
      await screenshot(reader.page, `trace-oc-withdrawn-${locale}-${width}`);
      await reader.context.close();
      expect(reader.problems).toEqual([]);
    }
  }, 150_000);

  it('resolves GS1 Digital Links: 400 page, link set, and a code under another product', async () => {
    for (const [locale, width, says] of [
      ['zh-CN', 390, '校验位不正确'],
      ['en-US', 1440, 'check digit of the GTIN is wrong'],
    ] as const) {
      const { page, context } = await phone(locale, width);
      const res = await page.goto('/01/6901234567893');
      expect(res?.status()).toBe(400);
      await expect.poll(() => page.getByRole('alert').innerText()).toContain(says);
      await screenshot(page, `trace-gs1-400-${locale}-${width}`);
      // this batch has no GTIN: its genuine code under a GTIN belongs to another product
      await page.goto(`/01/06901234567892/21/${code}`);
      expect(new URL(page.url()).pathname).toBe('/OC');
      await expect
        .poll(() => page.getByRole('alert').innerText(), { timeout: 15_000 })
        .toContain(locale === 'zh-CN' ? '另一种商品' : 'another product');
      await screenshot(page, `trace-gs1-mismatch-${locale}-${width}`);
      await context.close();
    }
    const set = await fetch(`${baseURL()}/01/06901234567892/21/${code}?linkType=all`);
    expect(set.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
    expect(((await set.json()) as { linkset: { anchor: string }[] }).linkset[0].anchor).toContain(`/21/${code}`);
  }, 90_000);

  it('warns about an unknown code before anything else, and says when a code is missing', async () => {
    const { page, context, problems } = await phone('zh-CN');
    await page.goto('/OC?code=ZZZZZZZZZZZZZ');
    const warning = page.getByRole('alert');
    await expect.poll(() => warning.innerText(), { timeout: 15_000 }).toContain('谨防假冒');
    await screenshot(page, 'trace-oc-unknown-zh-CN-390');
    await page.goto('/TC');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('缺少溯源码');
    await context.close();
    expect(problems).toEqual([]);
  });
});
