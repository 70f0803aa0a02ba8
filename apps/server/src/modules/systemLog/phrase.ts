import {
  commandText,
  type MessageLang,
  operatorText,
  SYSTEM_LOG_ACTION_TEXT,
  SYSTEM_LOG_TARGET_TEXT,
  type SystemLogAction,
  type SystemLogTarget,
  zoneListText,
  zoneOwnName,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { NamedTable } from './namesRepo';
import * as repo from './namesRepo';

/**
 * The system log in the reader's words: who (a person, or program/rule by name), what, on which object
 * (by name, not id) and the detail with commands phrased (never their JSON). The list page and the
 * export both phrase here, so they say the same thing. Stored rows keep ids and the raw detail, so the
 * keyword search and older rows work as before.
 */

export interface LogRowLike {
  login_name: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: string;
}

export interface LogText {
  operator: string;
  action: string;
  target: string;
  detail: string;
}

/** Object names of one page of the log, by kind and stored id. */
type Names = Map<string, string>;
const key = (type: string, id: string) => `${type}:${id}`;
const numeric = (ids: string[]) => [...new Set(ids.filter((s) => /^\d+$/.test(s)).map(Number))];

/**
 * Looks up the names of the objects a page of log lines names, within the merchant. Kinds without a
 * name to look up (sessions, alarms) keep their id.
 */
export async function objectNames(db: Db, merchantId: number, rows: readonly LogRowLike[]): Promise<Names> {
  const ids = (type: string) => rows.filter((r) => r.target_type === type).flatMap((r) => r.target_id.split(','));
  const names: Names = new Map();
  const put = (type: string, list: { id: number | string; name: string }[]) => {
    for (const r of list) names.set(key(type, String(r.id)), r.name);
  };
  const byId = async (type: SystemLogTarget, table: NamedTable) => {
    const list = numeric(ids(type));
    return list.length ? repo.namesById(db, merchantId, table, list) : [];
  };
  put('park', await byId('park', 'groups'));
  put('role', await byId('role', 'roles'));
  put('irrigationProgram', await byId('irrigationProgram', 'irrigation_programs'));
  for (const t of ['smartRule', 'automationRule', 'alarmRule'] as const) put(t, await byId(t, 'rules'));
  put('screen', await byId('screen', 'screens'));
  put('user', await byId('user', 'users'));
  // devices are named by id or, for some actions, by serial
  const deviceRefs = ids('device');
  if (deviceRefs.length) {
    for (const d of await repo.devicesByRef(db, merchantId, numeric(deviceRefs), [...new Set(deviceRefs)])) {
      names.set(key('device', String(d.id)), `${d.name} ${d.serial}`);
      names.set(key('device', d.serial), `${d.name} ${d.serial}`);
    }
  }
  const machines: number[] = [];
  const cmdIds = [...new Set(ids('command'))];
  if (cmdIds.length) {
    const commands = await repo.commandsById(db, merchantId, cmdIds);
    for (const c of commands) {
      names.set(key('command', c.cmd_id), `${c.device_name} ${c.device_serial}`);
      names.set(key('commandDevice', c.cmd_id), String(c.device_id));
    }
    machines.push(...commands.map((c) => c.device_id));
  }
  // the machines whose zones a line names: a command's, and an irrigation start's ("device 7, zones 1,2")
  for (const r of rows) {
    const m = START_DETAIL.exec(r.detail);
    if (m) machines.push(Number(m[1]));
  }
  // zones are named as the machine's pages name them (own name, else the plot's)
  const machineIds = [...new Set(machines)];
  if (machineIds.length) {
    for (const d of await repo.devicesById(db, merchantId, machineIds)) {
      names.set(key('device', String(d.id)), `${d.name} ${d.serial}`);
    }
    for (const z of await repo.zonesOfMachines(db, merchantId, machineIds)) {
      const name = zoneOwnName({ name: z.name, areaPointName: z.plot ?? null });
      if (name) names.set(key(`zone:${z.device_id}`, String(z.zone_no)), name);
    }
  }
  for (const r of await byId('irrigationRun', 'irrigation_runs')) {
    names.set(key('irrigationRun', String(r.id)), `#${r.id} ${r.name}`);
  }
  // a zone is stored as "deviceId:zoneNo"
  const zoneDevices = numeric(ids('irrigationZone').map((z) => z.split(':')[0]));
  if (zoneDevices.length) {
    for (const m of await repo.devicesById(db, merchantId, zoneDevices)) {
      names.set(key('irrigationZoneDevice', String(m.id)), m.name);
    }
  }
  return names;
}

/** A command written into a detail as `name {json}` (commands, automation), phrased. */
const COMMAND_IN_DETAIL = /\b([a-zA-Z]+) (\{.*\})(?= - |$)/;

/** "device 7, zones 1,2": how the irrigation routes word a start's detail. */
const START_DETAIL = /\bdevice (\d+), zones (?:\d+,)*\d+\b/;

function zonesOfMachine(deviceId: string, names: Names): Map<number, string> {
  const prefix = `zone:${deviceId}:`;
  const zones = new Map<number, string>();
  for (const [k, v] of names) if (k.startsWith(prefix)) zones.set(Number(k.slice(prefix.length)), v);
  return zones;
}

/** The zone names of the machine a command line is about (none for other lines). */
function commandZones(row: LogRowLike, names: Names): Map<number, string> | undefined {
  if (row.target_type !== 'command') return undefined;
  const deviceId = names.get(key('commandDevice', row.target_id));
  return deviceId ? zonesOfMachine(deviceId, names) : undefined;
}

function detailText(row: LogRowLike, lang: MessageLang, names: Names): string {
  let text = row.detail;
  const cmd = COMMAND_IN_DETAIL.exec(text);
  if (cmd) {
    try {
      const params = JSON.parse(cmd[2]) as unknown;
      if (params && typeof params === 'object' && !Array.isArray(params)) {
        const zones = commandZones(row, names);
        text = text.replace(cmd[0], commandText(cmd[1], params as Record<string, unknown>, lang, zones));
      }
    } catch {
      // not JSON after all: leave the words as they were written
    }
  }
  // "zones 1,2" of irrigation starts and stops, by name when the line says whose ("device 7, zones 1,2")
  const machine = START_DETAIL.exec(text)?.[1];
  const zoneNamesOf = machine ? zonesOfMachine(machine, names) : undefined;
  // the machine by name, not by id
  const machineName = machine ? names.get(key('device', machine)) : undefined;
  if (machineName) text = text.replace(`device ${machine}, `, `${machineName}, `);
  text = text.replace(/\bzones ((?:\d+,)*\d+)\b/, (_, list: string) =>
    zoneListText(lang, list.split(',').map(Number), zoneNamesOf),
  );
  // a zone edit's detail is the new name; blank means back to the number
  if (row.action === 'irrigationZone.alter' && row.detail === '') text = lang === 'zh' ? '清除名称' : 'name cleared';
  return text;
}

function targetText(row: LogRowLike, lang: MessageLang, names: Names): string {
  if (!row.target_type) return '';
  const kind = SYSTEM_LOG_TARGET_TEXT[row.target_type as SystemLogTarget]?.[lang] ?? row.target_type;
  if (!row.target_id) return kind;
  if (row.target_type === 'irrigationZone') {
    const [deviceId, zoneNo] = row.target_id.split(':');
    const machine = names.get(key('irrigationZoneDevice', deviceId)) ?? `#${deviceId}`;
    return `${kind} ${machine} ${zoneListText(lang, [Number(zoneNo)])}`;
  }
  const each = row.target_id
    .split(',')
    .map((id) => names.get(key(row.target_type, id)) ?? (/^\d+$/.test(id) ? `#${id}` : id));
  return `${kind} ${each.join(lang === 'zh' ? '、' : ', ')}`;
}

export function phraseLogRow(row: LogRowLike, lang: MessageLang, names: Names): LogText {
  return {
    operator: operatorText(row.login_name, lang),
    action: SYSTEM_LOG_ACTION_TEXT[row.action as SystemLogAction]?.[lang] ?? row.action,
    target: targetText(row, lang, names),
    detail: detailText(row, lang, names),
  };
}
