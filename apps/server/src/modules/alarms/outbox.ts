import type { Db } from '../../db/connect';
import {
  type BotNotice,
  type BotType,
  botCapacity,
  digestCard,
  isBot,
  nextBotSlot,
  noticeCard,
  planBotMessages,
} from './bots';
import { type Channels, type OutgoingMessage, PermanentFailure, RateLimited } from './channels';
import * as repo from './outboxRepo';

/** After this many failed attempts a delivery is shown as failed. */
export const MAX_ATTEMPTS = 5;
/** First retry after this long, then doubling: 30 s, 1 min, 2 min, 4 min. */
export const RETRY_BASE_MS = 30_000;
/** The console page of the alarm records; `?id=` opens one record, where it is acknowledged. */
export const RECORDS_PATH = '/alarm/alarmList';

/**
 * A delivery row after a failed attempt: retried after RETRY_BASE_MS (`base`) doubling with each attempt, or
 * `failed` for good after MAX_ATTEMPTS or a failure retrying cannot mend. The alarm and report outboxes share it.
 */
export function failedAttempt(attempts: number, err: unknown, now: number, base = RETRY_BASE_MS) {
  const n = attempts + 1;
  const final = err instanceof PermanentFailure || n >= MAX_ATTEMPTS;
  return {
    state: final ? 'failed' : 'retrying',
    attempts: n,
    last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    next_at: final ? now : now + base * 2 ** (n - 1),
  };
}

/** `run` as a call concurrent callers share: one run at a time, whose answer they all get (both outboxes). */
export function sharedRun<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}

export interface OutboxDeps {
  db: Db;
  channels: Channels;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
  retryBaseMs?: number;
  /** PUBLIC_BASE_URL: where bot cards link to, unless the merchant set its own public address. */
  publicBaseUrl?: string;
}

// Lifecycle and records import these from here; the queries themselves live in outboxRepo.
export { deliveriesOf, insertDeliveries, type NewDelivery } from './outboxRepo';

type Due = Awaited<ReturnType<typeof repo.dueDeliveries>>[number];

/**
 * The persistent outbox: every e-mail, webhook and SMS is a row first and is sent by `process`,
 * which the alarm job runs every few seconds. A failure is retried with exponential backoff and, after
 * MAX_ATTEMPTS, stays `failed` with its last error; nothing is marked sent unless the channel said so.
 * Held rows (quiet hours) are due when the quiet hours end. A group bot is sent no more than its
 * platform allows (bots.ts): what does not fit goes as digests, and what does not fit even so waits for
 * the bot's next free slot; nothing is dropped.
 */
export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const base = deps.retryBaseMs ?? RETRY_BASE_MS;

  async function send(d: Due) {
    const m: OutgoingMessage = {
      subject: d.subject,
      text: d.body,
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
    };
    if (d.channel === 'email') return deps.channels.email(d.target, m);
    if (d.channel === 'webhook') return deps.channels.webhook(d.target, m);
    if (d.channel === 'sms') return deps.channels.sms(d.target, m);
    throw new PermanentFailure(`unknown channel ${d.channel}`);
  }

  /** The rows' outcome of one attempt; `digestId` names the row whose message carried them all. */
  async function settle(rows: Due[], err: unknown, digestId: number | null) {
    if (err === null) {
      for (const d of rows)
        await repo.setDelivery(db, d.id, {
          state: 'sent',
          attempts: d.attempts + 1,
          sent_at: now(),
          last_error: '',
          digest_id: digestId,
        });
      return;
    }
    for (const d of rows) {
      const failed = failedAttempt(d.attempts, err, now(), base);
      await repo.setDelivery(db, d.id, failed);
      deps.log?.warn(
        { deliveryId: d.id, channel: d.channel, attempts: failed.attempts, err: failed.last_error },
        'alarm delivery failed',
      );
    }
  }

  const linkBase = (d: Due) => (d.public_base_url || deps.publicBaseUrl || '').replace(/\/+$/, '');
  const notice = (d: Due): BotNotice => ({
    subject: d.subject,
    lines: d.body.split('\n').slice(1),
    severity: d.severity,
    link: linkBase(d) ? `${linkBase(d)}${RECORDS_PATH}?id=${d.alarm_id}` : '',
  });

  /** One bot's waiting notices: alone while it has room, as digests when it does not, the rest later. */
  async function sendToBot(target: string, rows: Due[], t: number) {
    const type = rows[0].webhook_type as BotType;
    const secret = rows[0].webhook_secret ?? '';
    const sent = await repo.messagesSentTo(db, target, t - 60_000);
    const plan = planBotMessages(rows.length, botCapacity(type, sent, t));
    let i = 0;
    for (const size of plan.messages) {
      const part = rows.slice(i, i + size);
      i += size;
      const records = linkBase(part[0]) ? `${linkBase(part[0])}${RECORDS_PATH}?state=active` : '';
      const card = size === 1 ? noticeCard(type, notice(part[0])) : digestCard(type, part.map(notice), records);
      try {
        await deps.channels.bot(target, type, secret, card);
        await settle(part, null, size === 1 ? null : part[0].id);
        sent.push(now());
      } catch (err) {
        if (!(err instanceof RateLimited)) {
          await settle(part, err, null);
          continue;
        }
        // the platform counts more than we sent (another sender on the same bot): wait a minute, no attempt spent
        await repo.setDeliveries(
          db,
          rows.slice(i - size).map((d) => d.id),
          { next_at: now() + 60_000, last_error: err.message.slice(0, 500) },
        );
        return;
      }
    }
    const later = rows.slice(i);
    if (later.length > 0)
      await repo.setDeliveries(
        db,
        later.map((d) => d.id),
        { next_at: nextBotSlot(type, sent, now()) },
      );
  }

  async function run(): Promise<number> {
    const t = now();
    const due = await repo.dueDeliveries(db, t, 100);
    const bots = new Map<string, Due[]>();
    for (const d of due) {
      // A notice held through quiet hours about an alarm someone already handled would only be noise.
      if (d.state === 'held' && d.event !== 'cleared' && d.alarm_state !== 'active') {
        await repo.setDelivery(db, d.id, { state: 'skipped', last_error: `alarm ${d.alarm_state} during quiet hours` });
        continue;
      }
      if (d.channel === 'webhook' && d.target && isBot(d.webhook_type)) {
        bots.set(d.target, [...(bots.get(d.target) ?? []), d]);
        continue;
      }
      try {
        await send(d);
        await settle([d], null, null);
      } catch (err) {
        await settle([d], err, null);
      }
    }
    for (const [target, rows] of bots) await sendToBot(target, rows, t);
    return due.length;
  }

  return {
    /** Sends what is due; concurrent calls share one run. Resolves with how many rows it looked at. */
    process: sharedRun(run),
  };
}
