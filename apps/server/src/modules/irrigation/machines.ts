import {
  classAllowed,
  type DeviceClass,
  IRRIGATION_CLASSES,
  type IrrigationMachine,
  MACHINE_RUN_STATE,
  type MachineState,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { machineSettings } from './pumpProtection';
import * as repo from './repo';
import { toRun } from './runRecord';

const MACHINE_CLASSES = [...IRRIGATION_CLASSES, 'valveController'] as const;
type MachineClass = (typeof MACHINE_CLASSES)[number];

function stateOf(cls: MachineClass, online: boolean, latest: Record<string, number>, running: boolean): MachineState {
  if (!online) return 'offline';
  if (cls === 'waterFertilizer') {
    if (latest.runState === MACHINE_RUN_STATE.fault) return 'fault';
    if (latest.runState === MACHINE_RUN_STATE.running || latest.runState === MACHINE_RUN_STATE.stopping)
      return 'running';
    return running ? 'running' : 'idle';
  }
  const anyOpen = Object.entries(latest).some(([k, v]) => k.startsWith('valve') && v === 1);
  return running || anyOpen ? 'running' : 'idle';
}

/** The park's irrigation machines and valve controllers with what the equipment list shows. */
export async function machineList(
  db: Db,
  auth: AuthContext,
  groupId: number,
  deviceClass?: MachineClass,
): Promise<IrrigationMachine[]> {
  requirePark(auth, groupId);
  const classes = MACHINE_CLASSES.filter(
    (c) => classAllowed(auth.grants, c as DeviceClass) && (!deviceClass || c === deviceClass),
  );
  if (classes.length === 0) return [];
  const devices = await repo.parkDevices(db, scopeOf(auth), groupId, classes);
  const out: IrrigationMachine[] = [];
  for (const d of devices) {
    const values = await repo.latest(db, d.id);
    const latest = Object.fromEntries([...values].map(([k, v]) => [k, v.value]));
    const lastReportAt = values.size ? Math.max(...[...values.values()].map((v) => v.ts)) : null;
    const active = await repo.activeRunOf(db, d.id);
    const cls = d.device_class as MachineClass;
    const online = d.online === 1;
    let currentZone: number | null = null;
    if (cls === 'waterFertilizer') currentZone = latest.currentZone ? latest.currentZone : null;
    else {
      const open = Object.keys(latest)
        .filter((k) => /^valve\d+$/.test(k) && latest[k] === 1)
        .map((k) => Number(k.slice(5)))
        .sort((a, b) => a - b);
      currentZone = open[0] ?? null;
    }
    out.push({
      deviceId: d.id,
      serial: d.serial,
      deviceName: d.name,
      deviceClass: cls,
      online,
      lastReportAt,
      state: stateOf(cls, online, latest, active !== undefined),
      currentZone,
      latest,
      activeRun: active ? toRun(active) : null,
      settings:
        cls === 'valveController' ? null : await machineSettings(db, { id: d.id, merchant_id: auth.merchantId }),
    });
  }
  return out;
}
