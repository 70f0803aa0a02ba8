import {
  type AlarmRecord,
  addDays,
  Code,
  dayIn,
  type Paged,
  type PestCategory,
  type PestStatistics,
  type ReportListItem,
  type ReportSettings,
  type RoleDetail,
} from '@farmpark/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import { addUser, USER_PASSWORD } from '../../test/users';
import { tenDegreeDays, trapChecks } from '../agronomy/testFixture';
import { createChannels } from '../alarms/channels';
import { startSmtp } from '../alarms/testReceivers';
import { createReports } from './runtime';
import { dayStartIn } from './summary';

const R = '/api/merchant/reports';
const HOUR = 3_600_000;

/** The attachments of a raw MIME message: type, headers (with the file name) and decoded content. */
function attachments(raw: string) {
  const out: { type: string; head: string; content: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-disposition:\s*attachment/i.test(head)) continue;
    const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1] ?? '';
    out.push({ type, head, content: Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64') });
  }
  return out;
}

async function sheets(xlsx: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const rows = new Map<string, unknown[][]>();
  for (const ws of wb.worksheets) {
    const list: unknown[][] = [];
    ws.eachRow((r) => list.push((r.values as unknown[]).slice(1)));
    rows.set(ws.name, list);
  }
  return rows;
}

/**
 * Issue 27, point 4, on both engines: a park's weekly schedule builds the week's report once, mails it to each
 * contact in the contact's language with the PDF and the XLSX attached, retries a failed send, and the
 * workbook's numbers are the console's (the pest statistics and alarm records of the same days).
 */
describeEachEngine('scheduled park reports', (env) => {
  let demo = '';
  let park = 0;
  let today = '';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const contacts: Record<'zh' | 'en', number> = { zh: 0, en: 0 };

  beforeAll(async () => {
    const { db, config, ids } = env();
    smtp = await startSmtp();
    [demo, park] = [await env().login('demo'), ids.parks.farm[0]];
    today = dayIn(config.tzName);
    const midnight = (d: string) => dayStartIn(config.tzName, d);
    for (const lang of ['zh', 'en'] as const) {
      const added = await env().post<{ id: number }>('/api/merchant/alarm/addAlarmContact', demo, {
        name: `报告 ${lang}`,
        email: `report-${lang}@example.com`,
        groupIds: [park],
        lang,
      });
      expect(added.code, added.msg).toBe(0);
      contacts[lang] = added.data.id;
    }
    const moth = await env().post<PestCategory>('/api/merchant/pest/addCategory', demo, {
      kind: 'insect',
      code: 'cydia_pomonella',
      name: '苹果蠹蛾',
    });
    expect(moth.code, moth.msg).toBe(0);
    // 10 °C·day a day at the park's station, as the biofix tests do
    await tenDegreeDays(
      db,
      Array.from({ length: 40 }, (_, k) => midnight(addDays(today, k - 40))),
    );
    const trap = (
      await provision(env(), demo, { serial: uniqueSerial('RP-IT'), deviceClass: 'insectTrap', groupId: park })
    ).deviceId;
    // a catch on two checks in a row 20 days ago (the biofix), then 3 moths 3 days ago (in the week)
    const at = (k: number) => midnight(addDays(today, k)) + 6 * HOUR;
    const moths = (n: number) => Array.from({ length: n }, () => moth.data.categoryId);
    await trapChecks(db, trap, [
      [at(-20), moths(1)],
      [at(-19), moths(2)],
      [at(-3), moths(3)],
    ]);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('keeps the schedule per park: administrators only, contacts of the park with an e-mail', async () => {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const body = { groupId: park, enabled: true, frequency: 'weekly', weekday, sendHour: 0 };
    const refused = await env().post(`${R}/saveReportSettings`, demo, { ...body, contactIds: [999_999] });
    expect(refused.code).not.toBe(0);
    const saved = await env().post(`${R}/saveReportSettings`, demo, {
      ...body,
      contactIds: [contacts.zh, contacts.en],
    });
    expect(saved.code, saved.msg).toBe(0);
    // a user who may open the alarm settings, but no administrator, sees the schedule and may not change it
    const role = await env().post<RoleDetail>('/api/merchant/role/addRole', demo, {
      roleName: 'report-reader',
      permitUrls: ['/alarm/alarmSet'],
    });
    await addUser(env(), demo, {
      loginName: 'reportreader',
      userName: '报告读者',
      roleId: role.data.roleId,
      groupIds: [park],
    });
    const reader = await env().login('reportreader', USER_PASSWORD);
    const notAdmin = await env().post(`${R}/saveReportSettings`, reader, { ...body, contactIds: [] });
    expect(notAdmin.code).toBe(Code.PERMISSION_DENIED);
    expect(notAdmin.msg).toContain('Only an administrator may set the scheduled reports');
    const seen = await env().get<ReportSettings>(`${R}/getReportSettings`, reader, { groupId: String(park) });
    expect(seen.data.canEdit).toBe(false);
    const s = await env().get<ReportSettings>(`${R}/getReportSettings`, demo, { groupId: String(park) });
    expect(s.data).toMatchObject({ enabled: true, frequency: 'weekly', weekday, sendHour: 0, canEdit: true });
    expect(s.data.contactIds).toEqual([contacts.zh, contacts.en]);
    expect(s.data.contacts.find((c) => c.id === contacts.en)?.lang).toBe('en');
  });

  it('builds the due week once, mails each contact in its language with both files, retries a failed send', async () => {
    const { db, config } = env();
    // the schedule was saved before this morning's slot
    await db.updateTable('report_settings').set({ updated_at: 0 }).where('group_id', '=', park).execute();
    let clock = Date.now();
    const smtpAt = (port: number) =>
      createChannels({
        smtp: { host: '127.0.0.1', port, secure: false, user: '', pass: '', from: 'farmpark@example.com' },
        smsGatewayUrl: '',
      });
    const deps = { db, config, now: () => clock, retryBaseMs: 1000 };
    const reports = createReports({ ...deps, channels: smtpAt(smtp.port) });
    const down = createReports({ ...deps, channels: smtpAt(1) });
    expect(await reports.buildDue()).toBe(1);
    expect(await reports.buildDue()).toBe(0);
    await reports.tick();
    await reports.tick();

    const list = await env().get<Paged<ReportListItem>>(`${R}/getReportList`, demo, { groupId: String(park) });
    expect(list.data.total).toBe(1);
    const report = list.data.list[0];
    expect(report).toMatchObject({ frequency: 'weekly', from: addDays(today, -7), to: addDays(today, -1) });
    expect(report.files.map((f) => `${f.lang}.${f.kind}`).sort()).toEqual(['en.pdf', 'en.xlsx', 'zh.pdf', 'zh.xlsx']);
    // the tick above sent them already: start over with the server down to see the retry
    await db.updateTable('report_deliveries').set({ state: 'pending', attempts: 0, sent_at: null }).execute();
    smtp.mails.length = 0;
    await down.outbox.process();
    const failed = await env().get<Paged<ReportListItem>>(`${R}/getReportList`, demo, { groupId: String(park) });
    for (const d of failed.data.list[0].deliveries) {
      expect(d).toMatchObject({ state: 'retrying', attempts: 1 });
      expect(d.lastError).not.toBe('');
    }
    await reports.outbox.process();
    expect(smtp.mails).toHaveLength(0); // not before its retry time
    clock += 1000;
    await reports.outbox.process();
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['report-en@example.com', 'report-zh@example.com']);
    const sent = await env().get<Paged<ReportListItem>>(`${R}/getReportList`, demo, { groupId: String(park) });
    expect(sent.data.list[0].deliveries.map((d) => [d.lang, d.state, d.attempts]).sort()).toEqual([
      ['en', 'sent', 2],
      ['zh', 'sent', 2],
    ]);

    for (const lang of ['zh', 'en'] as const) {
      const mail = smtp.mails.find((m) => m.to[0] === `report-${lang}@example.com`)!;
      const files = attachments(mail.raw);
      expect(files.map((f) => f.type).sort()).toEqual([
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]);
      const pdf = files.find((f) => f.type === 'application/pdf')!.content;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const book = await sheets(files.find((f) => f.type !== 'application/pdf')!.content);
      const names = [...book.keys()];
      expect(names).toEqual(
        lang === 'zh'
          ? ['告警', '用水', '虫情', '发育期', '离线设备', '采收', '批次']
          : ['Alarms', 'Water', 'Pests', 'Stages', 'Offline devices', 'Harvests', 'Batches'],
      );

      // the workbook's numbers are the console's for the same days
      const startTime = String(dayStartIn(config.tzName, report.from));
      const endTime = String(dayStartIn(config.tzName, addDays(report.to, 1)));
      const pests = book.get(names[2]!)!.slice(1);
      const console: unknown[][] = [];
      for (const kind of ['insect', 'spore']) {
        const stats = await env().get<PestStatistics>('/api/merchant/pest/getStatistics', demo, {
          groupId: String(park),
          kind,
          startTime,
          endTime,
        });
        for (const r of stats.data.rows) if (r.count > 0) console.push([r.name, r.count]);
      }
      expect(pests.map((r) => [r[0], r[2]])).toEqual(console);
      expect(pests.find((r) => r[0] === '苹果蠹蛾')?.[2]).toBe(3);
      const alarms = await env().get<Paged<AlarmRecord>>('/api/merchant/alarm/getAlarmList', demo, {
        groupId: String(park),
        startTime,
        endTime,
        pageSize: '1',
      });
      const raised = book
        .get(names[0]!)!
        .slice(1)
        .reduce((a, r) => a + Number(r[1]), 0);
      expect(raised).toBe(alarms.data.total);
      // the stage: biofix 20 days ago, 10 °C·day a day: first egg hatch (138.89) reached, 20 % hatch (194.44) yesterday
      const stage = book
        .get(names[3]!)!
        .slice(1)
        .find((r) => r[0] === '苹果蠹蛾')!;
      expect(stage.slice(0, 5)).toEqual([
        '苹果蠹蛾',
        addDays(today, -20),
        200,
        lang === 'zh' ? '孵化 20%' : '20 % egg hatch',
        addDays(today, -1),
      ]);
    }
  });
});
