import { type AlarmCondition, type AlarmLiveMessage, type Severity, webChannel, webTopic } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { parkScope } from '../../db/scope';
import type { Publish } from '../../mqtt/publish';
import type { LoadedRule, RuleHandler, RuleTransition } from '../../rules/engine';
import { inAnyWindow, nextOutside } from '../../rules/windows';
import type { DeviceRef } from '../devices/registry';
import { type AlarmConfig, readAlarmConfig } from './config';
import { contactsServingPark } from './contactsRepo';
import { alarmText } from './message';
import { insertDeliveries, type NewDelivery } from './outbox';
import * as repo from './repo';

type AlarmRow = Selectable<AlarmsTable>;
type Event = 'raised' | 'repeat' | 'cleared';

/** An alarm its rule's owner judged: the open key it is kept under and the device it is shown on. */
export interface KeyedAlarm {
  rule: LoadedRule;
  openKey: string;
  device: Pick<DeviceRef, 'deviceId' | 'name' | 'serial'>;
  paramKey: string;
  condition: AlarmCondition;
  value: number | null;
  at: number;
}

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
      condition: JSON.parse(a.condition) as AlarmCondition,
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

  const raise = (t: RuleTransition) =>
    raiseKeyed({
      rule: t.rule,
      openKey: `${t.rule.id}:${t.device.deviceId}`,
      device: t.device,
      paramKey: t.rule.condition.kind === 'threshold' ? t.rule.condition.key : '',
      condition: t.rule.condition,
      value: t.value,
      at: t.at,
    });

  /**
   * Raises an alarm of a rule, one open per `openKey` (rule and device for the engine's rules; rule, planting
   * and parameter for planting rules, which judge themselves), stores it and notifies.
   */
  async function raiseKeyed(a: KeyedAlarm): Promise<void> {
    if (await repo.openAlarmByKey(db, a.openKey)) return;
    const cfg = readAlarmConfig(a.rule.config);
    const row = {
      merchant_id: a.rule.merchantId,
      group_id: a.rule.groupId,
      rule_id: a.rule.id,
      device_id: a.device.deviceId,
      rule_name: a.rule.name,
      device_name: a.device.name,
      device_serial: a.device.serial,
      param_key: a.paramKey,
      condition: JSON.stringify(a.condition),
      severity: cfg.severity,
      value: a.value,
      state: 'active',
      open_key: a.openKey,
      raised_at: a.at,
      acked_at: null,
      acked_by: null,
      cleared_at: null,
      cleared_value: null,
      last_notified_at: null,
    };
    const id = await repo.insertAlarm(db, row);
    const alarm = { ...row, id, notify_count: 0, acked_by_name: '', ack_comment: '' };
    await notify(alarm, cfg, 'raised', a.at);
    for (const listener of raisedListeners) listener(alarm);
  }

  const clear = (t: RuleTransition) => clearKeyed(t.rule, `${t.rule.id}:${t.device.deviceId}`, t.value, t.at);

  /** Clears the rule's open alarm of this key, if there is one, and notifies. */
  async function clearKeyed(rule: LoadedRule, openKey: string, value: number | null, at: number): Promise<void> {
    const open = await repo.openAlarmByKey(db, openKey);
    if (!open) return;
    await repo.setAlarm(db, open.id, { state: 'cleared', cleared_at: at, cleared_value: value, open_key: null });
    const cfg = readAlarmConfig(rule.config);
    await notify(
      { ...open, state: 'cleared', cleared_at: at, cleared_value: value, open_key: null },
      cfg,
      'cleared',
      at,
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

  return { handler, repeatDue, live, onRaised, raiseKeyed, clearKeyed };
}

export type AlarmLifecycle = ReturnType<typeof createAlarmLifecycle>;
