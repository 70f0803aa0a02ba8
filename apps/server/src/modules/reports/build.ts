import { buffer } from 'node:stream/consumers';
import { REPORT_LANGS, type ReportFrequency, type ReportLang } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { parkScope } from '../../db/scope';
import { contentStore } from '../../files/contentStore';
import { xlsxWorkbook } from '../../http/exportWriter';
import { contactsOfPark } from '../alarms/contactsRepo';
import { reportPdf } from './pdf';
import * as repo from './repo';
import { gatherSummary, type ReportPark } from './summary';
import { reportTables } from './tables';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MIME = 'application/pdf';

export type ReportConfig = Pick<Config, 'dataDir' | 'cjkFont'>;

/** The store of report files: the merchant's `reports` kind (as inspection reports), counted in its quota. */
export const reportStore = (dataDir: string) => contentStore(dataDir, 'reports');

/**
 * Builds a park's report of a period once: the row is claimed first (unique per park, frequency and first
 * day), so a second tick or process finds it and does nothing. Then the numbers, a PDF and an XLSX in each
 * language, kept in the file store, and an e-mail per contact in its language waiting in the outbox. A
 * failure gives the claim up, so the next tick tries again. Answers the report's id, or null when it existed.
 */
export async function buildReport(
  db: Db,
  config: ReportConfig,
  park: ReportPark,
  period: { frequency: ReportFrequency; from: string; to: string },
  contactIds: number[],
  now: number,
): Promise<number | null> {
  const { merchantId, groupId } = park;
  const id = await repo.claimReport(db, merchantId, groupId, {
    frequency: period.frequency,
    period_start: period.from,
    period_end: period.to,
    created_at: now,
  });
  if (id === null) return null;
  try {
    const summary = await gatherSummary(db, park, period, now);
    const store = reportStore(config.dataDir);
    const owner = { db, merchantId };
    const files = [];
    for (const lang of REPORT_LANGS) {
      const pdf = await reportPdf(summary, lang, { path: config.cjkFont }, now);
      const xlsx = await buffer(xlsxWorkbook({ lang, timeZone: park.timeZone, sheets: reportTables(summary) }));
      for (const [kind, mime, buf] of [
        ['pdf', PDF_MIME, pdf],
        ['xlsx', XLSX_MIME, xlsx],
      ] as const) {
        const { sha256, bytes } = await store.put(buf, kind, owner);
        files.push({ lang, kind, sha256, mime, bytes });
      }
    }
    const wanted = new Set(contactIds);
    const contacts = (await contactsOfPark(db, parkScope(merchantId, groupId), groupId)).filter(
      (c) => wanted.has(c.id) && c.enabled === 1 && c.email !== '',
    );
    const deliveries = contacts.map((c) => ({
      contact_id: c.id,
      contact_name: c.name,
      target: c.email,
      lang: (c.lang === 'en' ? 'en' : 'zh') satisfies ReportLang,
      state: 'pending',
      attempts: 0,
      next_at: now,
      last_error: '',
      created_at: now,
      sent_at: null,
    }));
    await repo.finishReport(db, merchantId, groupId, id, JSON.stringify(summary), files, deliveries);
    return id;
  } catch (err) {
    await repo.dropReport(db, merchantId, groupId, id);
    throw err;
  }
}
