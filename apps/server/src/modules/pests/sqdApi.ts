import {
  Code,
  classAllowed,
  codeMessage,
  type DeviceClass,
  type SendCommandResult,
  type SqdOperateBody,
  type SqdOperationResult,
  type SqdParamBody,
  type TrapStatus,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { CommandService } from '../commands/service';
import type { DeviceRegistry } from '../devices/registry';
import { renameDevice } from '../devices/rename';
import * as devicesRepo from '../devices/repo';
import * as repo from './repo';
import { trapStatusList } from './status';

export interface SqdDeps {
  db: Db;
  commands: CommandService;
  devices: Pick<DeviceRegistry, 'invalidate'>;
  /** How long a call waits for the device (below the console's 15 s request timeout). */
  waitMs?: number;
}
type Actor = AuthContext & { ip?: string };
const TRAP_CLASSES = ['insectTrap', 'sporeTrap'] as const;
const KIND = { insectTrap: 'insect', sporeTrap: 'spore' } as const;

async function trapOf(db: Db, auth: AuthContext, deviceId: number, classes: readonly DeviceClass[]) {
  for (const cls of classes) {
    const t = await repo.findTrap(db, scopeOf(auth), deviceId, cls);
    if (t && classAllowed(auth.grants, cls)) return t;
  }
  throw notFound(`deviceId ${deviceId}: ${classes.length === 1 ? classes[0] : 'trap'}`);
}

async function statusOf(db: Db, auth: AuthContext, t: { id: number; group_id: number | null; device_class: string }) {
  const list = await trapStatusList(db, auth, t.group_id as number, KIND[t.device_class as keyof typeof KIND]);
  const s = list.find((d) => d.deviceId === t.id);
  if (!s) throw notFound(`deviceId ${t.id}: trap`);
  return s;
}

export async function sqdDeviceStatus(db: Db, auth: AuthContext, deviceId: number): Promise<TrapStatus> {
  return statusOf(db, auth, await trapOf(db, auth, deviceId, TRAP_CLASSES));
}

/**
 * Sends the commands one after another through the one command service and waits for each device
 * answer: the SPEC's operation calls answer only once the device did (or did not) do it. A failure
 * answers code 1003 with the SPEC's message followed by the device's own reason.
 */
async function run(
  deps: SqdDeps,
  auth: Actor,
  deviceId: number,
  cmds: { name: string; params: Record<string, unknown> }[],
): Promise<SqdOperationResult['commands']> {
  const done: SqdOperationResult['commands'] = [];
  for (const c of cmds) {
    const sent = await deps.commands.send(auth, { deviceId, name: c.name, params: c.params, source: 'manual' });
    const outcome = await settle(deps, auth, sent);
    done.push({ ...outcome, name: c.name });
    if (outcome.state !== 'succeeded') {
      const reason = outcome.reason || outcome.state;
      throw new ApiError(Code.DEVICE_OPERATION_FAILED, {
        zh: `${codeMessage(Code.DEVICE_OPERATION_FAILED, 'zh')}（${c.name}: ${reason}）`,
        en: `${codeMessage(Code.DEVICE_OPERATION_FAILED, 'en')} (${c.name}: ${reason})`,
      });
    }
  }
  return done;
}

async function settle(deps: SqdDeps, auth: Actor, sent: SendCommandResult): Promise<SendCommandResult> {
  if (sent.state === 'failed' || sent.state === 'succeeded' || sent.state === 'timedOut') return sent;
  const until = Date.now() + (deps.waitMs ?? 12_000);
  for (;;) {
    const r = await deps.commands.detail(auth, sent.cmdId);
    if (r.state === 'succeeded' || r.state === 'failed' || r.state === 'timedOut')
      return { cmdId: r.cmdId, state: r.state, reason: r.reason };
    if (Date.now() > until)
      return {
        cmdId: sent.cmdId,
        state: r.state,
        reason: `no answer from the device within ${Math.round((deps.waitMs ?? 12_000) / 1000)} s`,
      };
    await new Promise((res) => setTimeout(res, 100));
  }
}

const OPERATE: Record<SqdOperateBody['operate'], { name: string; params: Record<string, unknown> }> = {
  photograph: { name: 'photograph', params: {} },
  lampOn: { name: 'setLamp', params: { on: true } },
  lampOff: { name: 'setLamp', params: { on: false } },
  heaterOn: { name: 'setHeater', params: { on: true } },
  heaterOff: { name: 'setHeater', params: { on: false } },
};

export async function sqdOperate(deps: SqdDeps, auth: Actor, b: SqdOperateBody): Promise<SqdOperationResult> {
  const t = await trapOf(deps.db, auth, b.deviceId, ['insectTrap']);
  const commands = await run(deps, auth, t.id, [OPERATE[b.operate]]);
  return { commands, status: await statusOf(deps.db, auth, t) };
}

export async function sqdParam(deps: SqdDeps, auth: Actor, b: SqdParamBody): Promise<SqdOperationResult> {
  const t = await trapOf(deps.db, auth, b.deviceId, ['insectTrap']);
  const cmds: { name: string; params: Record<string, unknown> }[] = [];
  if (b.workStart !== undefined && b.workEnd !== undefined)
    cmds.push({ name: 'setWorkPeriod', params: { start: b.workStart, end: b.workEnd } });
  if (b.photoInterval !== undefined) cmds.push({ name: 'setPhotoInterval', params: { minutes: b.photoInterval } });
  const commands = await run(deps, auth, t.id, cmds);
  return { commands, status: await statusOf(deps.db, auth, t) };
}

export async function sqdUpdateStatus(
  deps: SqdDeps,
  auth: Actor,
  b: { deviceId: number; status: 'capture' | 'changeSlide' },
): Promise<SqdOperationResult> {
  const t = await trapOf(deps.db, auth, b.deviceId, ['sporeTrap']);
  const commands = await run(deps, auth, t.id, [{ name: b.status, params: {} }]);
  return { commands, status: await statusOf(deps.db, auth, t) };
}

export async function sqdUpdateParams(
  deps: SqdDeps,
  auth: Actor,
  b: { deviceId: number; deviceName: string },
): Promise<TrapStatus> {
  const t = await trapOf(deps.db, auth, b.deviceId, TRAP_CLASSES);
  const dev = await devicesRepo.findDevice(deps.db, scopeOf(auth), t.id);
  if (!dev) throw notFound(`deviceId ${b.deviceId}: trap`);
  await renameDevice(deps, auth, dev, b.deviceName, 'trap.rename');
  return statusOf(deps.db, auth, t);
}
