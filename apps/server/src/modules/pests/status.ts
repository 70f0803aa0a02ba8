import { COMMANDS, PEST_KIND_CLASS, type PestKind, type TrapStatus } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { AuthContext } from '../auth/sessions';
import { initParamConfigList } from '../telemetry/service';
import { toImages } from './images';
import * as repo from './repo';

/** The period a confirmed setWorkPeriod set, read by the command's own schema; null when there is none. */
function workPeriod(params: string | undefined): TrapStatus['workPeriod'] {
  if (!params) return null;
  try {
    const period = COMMANDS.insectTrap.setWorkPeriod.safeParse(JSON.parse(params));
    return period.success ? { start: period.data.start, end: period.data.end } : null;
  } catch {
    return null;
  }
}

/** Traps of a park with their latest values, last photo and confirmed work period. */
export async function trapStatusList(
  db: Db,
  auth: AuthContext,
  groupId: number,
  kind: PestKind,
): Promise<TrapStatus[]> {
  const configs = await initParamConfigList(db, auth, groupId, [PEST_KIND_CLASS[kind]], 'zh');
  const ids = configs.map((c) => c.deviceId);
  const last = new Map((await toImages(db, await repo.lastImages(db, ids))).map((i) => [i.deviceId, i]));
  const periods = await repo.confirmedPeriods(db, auth.merchantId, ids);
  return configs.map((c) => ({
    deviceId: c.deviceId,
    serial: c.serial,
    deviceName: c.deviceName,
    online: c.online,
    lastReportAt: c.lastReportAt,
    latest: c.latest,
    lastImage: last.get(c.deviceId) ?? null,
    workPeriod: workPeriod(periods.get(c.deviceId)),
  }));
}
