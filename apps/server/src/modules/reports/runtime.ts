import { addDays, dayIn, type ReportFrequency } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Channels } from '../alarms/channels';
import { oncePer } from '../alarms/hourlyRules';
import { HOUR_MS } from '../telemetry/buckets';
import { buildReport, type ReportConfig } from './build';
import { createReportOutbox } from './outbox';
import * as repo from './repo';
import { dayStartIn } from './summary';

/** The scheduler looks once a minute; the outbox on every tick of the rule job. */
export const REPORT_SCHEDULE_MS = 60_000;

export interface Schedule {
  frequency: ReportFrequency;
  /** ISO weekday (1 = Monday) of a weekly report. */
  weekday: number;
  sendHour: number;
}

const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * The last time at or before `now` a schedule sends (its hour of its day in the park's zone) and the period that
 * report covers: the day before (daily), or the 7 days before the send day (weekly).
 */
export function lastSlot(s: Schedule, tz: string, now: number): { at: number; from: string; to: string } {
  const today = dayIn(tz, now);
  for (let back = 0; ; back++) {
    const day = addDays(today, -back);
    if (s.frequency === 'weekly' && isoWeekday(day) !== s.weekday) continue;
    const at = dayStartIn(tz, day) + s.sendHour * HOUR_MS;
    if (at > now) continue;
    const to = addDays(day, -1);
    return { at, from: s.frequency === 'weekly' ? addDays(day, -7) : to, to };
  }
}

export interface ReportsDeps {
  db: Db;
  config: ReportConfig & { tzName: string };
  channels: Channels;
  now?: () => number;
  retryBaseMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Scheduled park reports: each enabled schedule's last slot is built once (a report saved after its slot waits
 * for the next one), then the outbox sends the e-mails. Both run on the rule job's tick (`rules.onTick`).
 */
export function createReports(deps: ReportsDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const outbox = createReportOutbox({ ...deps, now });

  /** Builds every report due at `at` that is not built yet; answers how many it built. */
  async function buildDue(at = now()): Promise<number> {
    let built = 0;
    for (const s of await repo.enabledSchedules(db)) {
      const tz = s.time_zone ?? deps.config.tzName;
      const frequency = s.frequency as ReportFrequency;
      const slot = lastSlot({ frequency, weekday: s.weekday, sendHour: s.send_hour }, tz, at);
      if (slot.at < Number(s.updated_at)) continue;
      const park = { merchantId: s.merchant_id, groupId: s.group_id, parkName: s.park_name, timeZone: tz };
      try {
        const id = await buildReport(db, deps.config, park, { frequency, ...slot }, JSON.parse(s.contact_ids), at);
        if (id !== null) built += 1;
      } catch (err) {
        deps.log?.error({ groupId: s.group_id, err: (err as Error).message }, 'park report failed');
      }
    }
    return built;
  }

  const schedule = oncePer(REPORT_SCHEDULE_MS, now, async (at) => {
    await buildDue(at);
  });

  return {
    buildDue,
    outbox,
    /** The rule job's tick: due reports once a minute, then the outbox. */
    async tick(): Promise<void> {
      await schedule();
      await outbox.process();
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
