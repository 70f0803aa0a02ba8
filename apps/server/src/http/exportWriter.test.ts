import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, type ExportColumn, type ExportRow, exportLang, sendExport } from './exportWriter';

const COLUMNS: ExportColumn[] = [
  { key: '=cmd', header: '=HYPERLINK("x")' },
  { key: 'name', header: { zh: '名称', en: 'Name' } },
  { key: 'temp', header: { zh: '温度', en: 'Temperature' }, decimals: 1 },
  { key: 'n', header: { zh: '次数', en: 'Count' } },
  { key: 'state', header: { zh: '状态', en: 'State' }, values: { ok: { zh: '正常', en: 'Fine' } } },
];
const ROWS: ExportRow[] = [
  { '=cmd': '@SUM(1)', name: '+1 800', temp: -3.25, n: -7, state: 'ok' },
  { '=cmd': '\tTab', name: '-2+3', temp: 21, n: 0, state: 'other' },
  { '=cmd': '\rCR', name: 'a, "b"', temp: null, n: undefined, state: '=1' },
];

async function* rows(list: ExportRow[], failFirst = false): AsyncGenerator<ExportRow> {
  if (failFirst) throw new Error('refused before the first row');
  yield* list;
}

describe('export writer', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get<{ Querystring: { format: 'csv' | 'xlsx'; lang?: 'zh' | 'en'; fail?: string } }>('/x', (req, reply) =>
      sendExport(reply, {
        name: '温室 报表=1',
        format: req.query.format,
        lang: exportLang(req, req.query.lang),
        timeZone: 'Asia/Shanghai',
        columns: COLUMNS,
        rows: rows(ROWS, req.query.fail === '1'),
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes CSV with a BOM, Chinese headers by default, formulas defused and numbers kept', async () => {
    const res = await app.inject({ method: 'GET', url: '/x?format=csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`"'=HYPERLINK(""x"")",名称,温度,次数,状态`);
    expect(lines[1]).toBe("'@SUM(1),'+1 800,-3.3,-7,正常");
    expect(lines[2]).toBe("'\tTab,'-2+3,21.0,0,other");
    expect(lines[3]).toBe(`"'\rCR","a, ""b""",,,'=1`);
    expect(lines[4]).toBe('');
  });

  it('phrases headers and values in the reader language (lang, then Accept-Language)', async () => {
    const en = await app.inject({ method: 'GET', url: '/x?format=csv', headers: { 'accept-language': 'en-US' } });
    expect(en.body.split('\r\n')[0]).toContain(',Name,Temperature,Count,State');
    expect(en.body.split('\r\n')[1]).toMatch(/,Fine$/);
    const zh = await app.inject({ method: 'GET', url: '/x?format=csv&lang=zh', headers: { 'accept-language': 'en' } });
    expect(zh.body).toContain(',名称,温度,');
  });

  it('writes XLSX that exceljs reads back: text defused, numbers numeric', async () => {
    const res = await app.inject({ method: 'GET', url: '/x?format=xlsx&lang=zh' });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '\'=HYPERLINK("x")', '名称', '温度', '次数', '状态']);
    expect(sheet.getRow(2).values).toEqual([undefined, "'@SUM(1)", "'+1 800", -3.3, -7, '正常']);
    expect(sheet.getRow(3).getCell(1).value).toBe("'\tTab");
    expect(sheet.getRow(3).getCell(2).value).toBe("'-2+3");
    expect(sheet.getRow(3).getCell(3).value).toBe(21);
    // XML turns the carriage return into a line feed; the apostrophe before it is what counts
    expect(sheet.getRow(4).getCell(1).value).toMatch(/^'\sCR$/);
    expect(sheet.getRow(4).getCell(5).value).toBe("'=1");
    expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
  });

  it('names the file safely (ASCII fallback and RFC 5987 filename*)', async () => {
    const res = await app.inject({ method: 'GET', url: '/x?format=csv' });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="______1.csv"; filename*=UTF-8''%E6%B8%A9%E5%AE%A4%20%E6%8A%A5%E8%A1%A8%3D1.csv`,
    );
    expect(contentDisposition(`a"b\r\n'(x).csv`)).toBe(
      `attachment; filename="a_b____x_.csv"; filename*=UTF-8''a%22b%0D%0A%27%28x%29.csv`,
    );
  });

  it('answers an error raised before the first row as an error, not as a broken download', async () => {
    const res = await app.inject({ method: 'GET', url: '/x?format=csv&fail=1' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
