import { readFile } from 'node:fs/promises';
import type { ReportLang, ReportSummary } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { type Channels, PermanentFailure } from '../alarms/channels';
import { failedAttempt, RETRY_BASE_MS, sharedRun } from '../alarms/outbox';
import { type ReportConfig, reportStore } from './build';
import { glanceLines } from './pdf';
import * as repo from './repo';
import { REPORT_TITLE } from './tables';

export interface ReportOutboxDeps {
  db: Db;
  config: ReportConfig;
  channels: Channels;
  now?: () => number;
  retryBaseMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

type Due = Awaited<ReturnType<typeof repo.dueDeliveries>>[number];

const BODY = {
  zh: (title: string) => `${title}\n\n详见附件：PDF 摘要与 XLSX 明细表（每张表一页）。`,
  en: (title: string) => `${title}\n\nAttached: the PDF summary and the XLSX tables (one sheet per table).`,
};

/** The e-mail of a report delivery, in the contact's language, with both of that language's files attached. */
export async function reportMail(db: Db, config: ReportConfig, d: Due) {
  const lang: ReportLang = d.lang === 'en' ? 'en' : 'zh';
  const summary = JSON.parse(d.summary) as ReportSummary;
  const title = `${REPORT_TITLE[summary.frequency][lang]} · ${summary.parkName} · ${summary.from} – ${summary.to}`;
  const files = (await repo.filesOf(db, [d.report_id])).filter((f) => f.lang === lang);
  if (files.length !== 2) throw new PermanentFailure(`report ${d.report_id} has no ${lang} files`);
  const store = reportStore(config.dataDir);
  const base = `${REPORT_TITLE[summary.frequency][lang]}-${summary.parkName}-${summary.from}_${summary.to}`;
  const attachments = [];
  for (const f of files)
    attachments.push({
      filename: `${base}.${f.kind}`,
      content: await readFile(store.pathOf(f.sha256, f.kind)),
      contentType: f.mime,
    });
  const text = `${BODY[lang](title)}\n\n${glanceLines(summary, lang)
    .map((l) => `• ${l}`)
    .join('\n')}`;
  return { subject: title, text, data: {}, attachments };
}

/**
 * The reports' outbox: every e-mail is a row of `report_deliveries` first; due rows are sent with their
 * attachments and retried as alarm deliveries are (alarms/outbox.ts `failedAttempt`: 30 s, 1, 2, 4 min,
 * then failed). Nothing is marked sent unless the SMTP server accepted it.
 */
export function createReportOutbox(deps: ReportOutboxDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const base = deps.retryBaseMs ?? RETRY_BASE_MS;

  async function run(): Promise<number> {
    const due = await repo.dueDeliveries(db, now(), 20);
    for (const d of due) {
      try {
        await deps.channels.email(d.target, await reportMail(db, deps.config, d));
        await repo.setDelivery(db, d.id, { state: 'sent', attempts: d.attempts + 1, sent_at: now(), last_error: '' });
      } catch (err) {
        const failed = failedAttempt(d.attempts, err, now(), base);
        await repo.setDelivery(db, d.id, failed);
        deps.log?.warn(
          { reportDeliveryId: d.id, attempts: failed.attempts, err: failed.last_error },
          'report delivery failed',
        );
      }
    }
    return due.length;
  }

  return {
    /** Sends what is due; concurrent calls share one run. Resolves with how many rows it looked at. */
    process: sharedRun(run),
  };
}
