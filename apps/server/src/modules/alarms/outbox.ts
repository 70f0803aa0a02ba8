import type { WebhookType } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { type Channels, type OutgoingMessage, PermanentFailure } from './channels';
import { toMarkdown } from './message';
import * as repo from './outboxRepo';

/** After this many failed attempts a delivery is shown as failed. */
export const MAX_ATTEMPTS = 5;
/** First retry after this long, then doubling: 30 s, 1 min, 2 min, 4 min. */
export const RETRY_BASE_MS = 30_000;

export interface OutboxDeps {
  db: Db;
  channels: Channels;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
  retryBaseMs?: number;
}

// Lifecycle and records import these from here; the queries themselves live in outboxRepo.
export { deliveriesOf, insertDeliveries, type NewDelivery } from './outboxRepo';

/**
 * The persistent outbox: every e-mail, webhook and SMS is a row first and is sent by `process`,
 * which the alarm job runs every few seconds. A failure is retried with exponential backoff and, after
 * MAX_ATTEMPTS, stays `failed` with its last error; nothing is marked sent unless the channel said so.
 * Held rows (quiet hours) are due when the quiet hours end.
 */
export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const base = deps.retryBaseMs ?? RETRY_BASE_MS;
  let running: Promise<number> | null = null;

  async function send(
    row: { channel: string; target: string; subject: string; body: string },
    extra: { webhookType: WebhookType; data: Record<string, unknown>; markdown: string },
  ) {
    const m: OutgoingMessage = { subject: row.subject, text: row.body, markdown: extra.markdown, data: extra.data };
    if (row.channel === 'email') return deps.channels.email(row.target, m);
    if (row.channel === 'webhook') return deps.channels.webhook(row.target, extra.webhookType, m);
    if (row.channel === 'sms') return deps.channels.sms(row.target, m);
    throw new PermanentFailure(`unknown channel ${row.channel}`);
  }

  async function run(): Promise<number> {
    const t = now();
    const due = await repo.dueDeliveries(db, t, 100);
    for (const d of due) {
      // A notice held through quiet hours about an alarm someone already handled would only be noise.
      if (d.state === 'held' && d.event !== 'cleared' && d.alarm_state !== 'active') {
        await repo.setDelivery(db, d.id, { state: 'skipped', last_error: `alarm ${d.alarm_state} during quiet hours` });
        continue;
      }
      const attempts = d.attempts + 1;
      try {
        await send(d, {
          webhookType: (d.webhook_type ?? 'plain') as WebhookType,
          markdown: toMarkdown(d.subject, d.body),
          data: {
            alarmId: d.alarm_id,
            event: d.event,
            severity: d.severity,
            ruleName: d.rule_name,
            deviceName: d.device_name,
            serial: d.device_serial,
            value: d.value,
            raisedAt: d.raised_at,
          },
        });
        await repo.setDelivery(db, d.id, { state: 'sent', attempts, sent_at: now(), last_error: '' });
      } catch (err) {
        const msg = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const final = err instanceof PermanentFailure || attempts >= MAX_ATTEMPTS;
        await repo.setDelivery(db, d.id, {
          state: final ? 'failed' : 'retrying',
          attempts,
          last_error: msg,
          next_at: final ? t : now() + base * 2 ** (attempts - 1),
        });
        deps.log?.warn({ deliveryId: d.id, channel: d.channel, attempts, err: msg }, 'alarm delivery failed');
      }
    }
    return due.length;
  }

  return {
    /** Sends what is due; concurrent calls share one run. Resolves with how many rows it looked at. */
    process(): Promise<number> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
