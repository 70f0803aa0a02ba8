import { type AlarmLiveMessage, type RuleCondition, type Severity, webChannel, webTopic } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { parkScope } from '../../db/scope';
import type { Publish } from '../../mqtt/publish';
import type { RuleHandler, RuleTransition } from '../../rules/engine';
import { inAnyWindow, nextOutside } from '../../rules/windows';
import { type AlarmConfig, readAlarmConfig } from './config';
import { contactsServingPark } from './contactsRepo';
import { alarmText } from './message';
import { insertDeliveries, type NewDelivery } from './outbox';
import * as repo from './repo';

type AlarmRow = Selectable<AlarmsTable>;
type Event = 'raised' | 'repeat' | 'cleared';

export interface LifecycleDeps {
  db: Db;
  publish: Publish;
  tz: string;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
}

/**
 * The alarm side of the rule engine: raise on fire (one open alarm per rule and device, kept by the
 * database's unique `open_key`), clear on clear, notify on each, repeat until acknowledged.
 */
export function createAlarmLifecycle(deps: LifecycleDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // Other modules act on a new alarm (video keeps a picture from the nearest cameras) without delaying it.
  const raisedListeners = new Set<(a: AlarmRow) => void>();

  async function live(a: AlarmRow, event: AlarmLiveMessage['event'], at: number): Promise<boolean> {
    const msg: AlarmLiveMessage = {
      alarmId: a.id,
      event,
      ruleName: a.rule_name,
      deviceId: a.device_id,
      deviceName: a.device_name,
      key: a.param_key,
      severity: a.severity as Severity,
      value: event === 'cleared' ? a.cleared_value : a.value,
      ts: at,
      openCount: await repo.openCountOfPark(db, a.merchant_id, a.group_id),
    };
    try {
      await deps.publish(...webChannel(a.merchant_id, a.group_id, 'alarm', msg));
      return true;
    } catch (err) {
      deps.log?.warn({ alarmId: a.id, err: (err as Error).message }, 'alarm not published');
      return false;
    }
  }

  /** Console live message now; a row per contact and channel in the outbox (held during quiet hours). */
  async function notify(a: AlarmRow, cfg: AlarmConfig, event: Event, at: number): Promise<void> {
    const place = await repo.alarmPlace(db, a.group_id, a.device_id);
    const { subject, text } = alarmText({
      event,
      severity: a.severity as Severity,
      ruleName: a.rule_name,
      groupName: place.groupName,
      deviceName: a.device_name,
      serial: a.device_serial,
      deviceClass: place.deviceClass,
      condition: JSON.parse(a.condition) as RuleCondition,
      value: event === 'cleared' ? a.cleared_value : a.value,
      at,
      tz: deps.tz,
    });
    const published = await live(a, event, at);
    const rows: NewDelivery[] = [
      {
        alarm_id: a.id,
        contact_id: null,
        contact_name: '',
        channel: 'console',
        target: webTopic(a.merchant_id, a.group_id, 'alarm'),
        event,
        state: published ? 'sent' : 'failed',
        attempts: 1,
        next_at: at,
        sent_at: published ? at : null,
        last_error: published ? '' : 'publish failed',
        subject,
        body: text,
        created_at: at,
      },
    ];
    const quiet =
      a.severity !== 'critical' && cfg.quietHours.length > 0 && inAnyWindow(cfg.quietHours, at, deps.tz)
        ? (nextOutside(cfg.quietHours, at, deps.tz) ?? at)
        : null;
    const contacts = await contactsServingPark(db, parkScope(a.merchant_id, a.group_id), a.group_id, cfg.contactIds);
    for (const c of contacts) {
      if (c.enabled !== 1) continue;
      for (const channel of cfg.channels) {
        const target = channel === 'email' ? c.email : channel === 'webhook' ? c.webhook_url : c.phone;
        if (!target) continue; // this contact is not reachable that way: nothing to send
        rows.push({
          alarm_id: a.id,
          contact_id: c.id,
          contact_name: c.name,
          channel,
          target,
          event,
          state: quiet === null ? 'pending' : 'held',
          next_at: quiet ?? at,
          subject,
          body: text,
          created_at: at,
        });
      }
    }
    await insertDeliveries(db, rows);
    if (event !== 'cleared') await repo.noteNotified(db, a.id, at);
  }

  async function raise(t: RuleTransition): Promise<void> {
    if (await repo.openAlarm(db, t.rule.id, t.device.deviceId)) return;
    const cfg = readAlarmConfig(t.rule.config);
    const row = {
      merchant_id: t.rule.merchantId,
      group_id: t.rule.groupId,
      rule_id: t.rule.id,
      device_id: t.device.deviceId,
      rule_name: t.rule.name,
      device_name: t.device.name,
      device_serial: t.device.serial,
      param_key: t.rule.condition.kind === 'threshold' ? t.rule.condition.key : '',
      condition: JSON.stringify(t.rule.condition),
      severity: cfg.severity,
      value: t.value,
      state: 'active',
      open_key: `${t.rule.id}:${t.device.deviceId}`,
      raised_at: t.at,
      acked_at: null,
      acked_by: null,
      cleared_at: null,
      cleared_value: null,
      last_notified_at: null,
    };
    const id = await repo.insertAlarm(db, row);
    const alarm = { ...row, id, notify_count: 0, acked_by_name: '', ack_comment: '' };
    await notify(alarm, cfg, 'raised', t.at);
    for (const listener of raisedListeners) listener(alarm);
  }

  async function clear(t: RuleTransition): Promise<void> {
    const open = await repo.openAlarm(db, t.rule.id, t.device.deviceId);
    if (!open) return;
    await repo.setAlarm(db, open.id, { state: 'cleared', cleared_at: t.at, cleared_value: t.value, open_key: null });
    const cfg = readAlarmConfig(t.rule.config);
    await notify(
      { ...open, state: 'cleared', cleared_at: t.at, cleared_value: t.value, open_key: null },
      cfg,
      'cleared',
      t.at,
    );
  }

  const handler: RuleHandler = {
    onTransition: (t) => (t.transition === 'fire' ? raise(t) : clear(t)),
  };

  /**
   * Notifies again every alarm not yet acknowledged whose rule repeats and whose last notice is a
   * period old. Non-critical alarms do not repeat during quiet hours (their held notice covers them).
   */
  async function repeatDue(): Promise<number> {
    const t = now();
    let n = 0;
    for (const a of await repo.alarmsDueForRepeat(db)) {
      let cfg: AlarmConfig;
      try {
        cfg = readAlarmConfig(a.rule_config);
      } catch {
        continue;
      }
      if (cfg.repeatMinutes <= 0) continue;
      if ((a.last_notified_at ?? a.raised_at) + cfg.repeatMinutes * 60_000 > t) continue;
      if (a.severity !== 'critical' && cfg.quietHours.length > 0 && inAnyWindow(cfg.quietHours, t, deps.tz)) continue;
      await notify(a, cfg, 'repeat', t);
      n++;
    }
    return n;
  }

  /** Called after each new alarm is stored and notified; a listener must not throw (it runs its own work). */
  const onRaised = (listener: (a: AlarmRow) => void) => {
    raisedListeners.add(listener);
    return () => raisedListeners.delete(listener);
  };

  return { handler, repeatDue, live, onRaised };
}

export type AlarmLifecycle = ReturnType<typeof createAlarmLifecycle>;
