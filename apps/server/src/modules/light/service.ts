import {
  COMMANDS,
  Code,
  type Lang,
  type LightDevice,
  type UpdateLightBody,
  type UpdateLightResult,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { CommandService } from '../commands/service';
import type { DeviceRegistry } from '../devices/registry';
import { renameDevice } from '../devices/rename';
import { initParamConfigList } from '../telemetry/service';
import * as repo from './repo';

/** The window a lamp confirmed: the params of its setWorkWindow, read with the schema they were sent by. */
function parseWindow(params: string | undefined): LightDevice['workWindow'] {
  let sent: unknown = null;
  try {
    sent = JSON.parse(params ?? 'null');
  } catch {
    // a row we did not write as JSON says nothing about the window
  }
  const window = COMMANDS.insectLamp.setWorkWindow.safeParse(sent);
  return window.success ? window.data : null;
}

/** Lamps of a park: what the real-time page shows, plus position and the confirmed work window. */
export async function lightDeviceList(db: Db, auth: AuthContext, groupId: number, lang: Lang): Promise<LightDevice[]> {
  const configs = await initParamConfigList(db, auth, groupId, ['insectLamp'], lang);
  const positions = new Map((await repo.lampPositions(db, scopeOf(auth), groupId)).map((p) => [p.id, p]));
  const windows = await repo.confirmedWindows(
    db,
    auth.merchantId,
    configs.map((c) => c.deviceId),
  );
  return configs.map((c) => {
    const pos = positions.get(c.deviceId);
    return {
      deviceId: c.deviceId,
      serial: c.serial,
      deviceName: c.deviceName,
      groupId,
      online: c.online,
      lastReportAt: c.lastReportAt,
      longitude: pos?.longitude ?? null,
      latitude: pos?.latitude ?? null,
      latest: c.latest,
      workWindow: parseWindow(windows.get(c.deviceId)),
    };
  });
}

export interface LightDeps {
  db: Db;
  commands: CommandService;
  devices: Pick<DeviceRegistry, 'invalidate'>;
}

/**
 * Renames a lamp and/or sends it a work window. The window goes through the one command service,
 * so it is validated, recorded, timed out and answered like any command; the caller follows it.
 */
export async function updateLight(
  deps: LightDeps,
  auth: AuthContext & { ip?: string },
  body: UpdateLightBody,
  lang: Lang,
): Promise<UpdateLightResult> {
  const { db } = deps;
  const lamp = await repo.findLamp(db, scopeOf(auth), { id: body.deviceId });
  if (!lamp || lamp.group_id === null) throw notFound(`deviceId ${body.deviceId}: insecticidal lamp`);
  if (body.name !== undefined) await renameDevice(deps, auth, lamp, body.name, 'light.rename');
  let command: UpdateLightResult['command'] = null;
  if (body.workStart !== undefined && body.workEnd !== undefined) {
    command = await deps.commands.send(auth, {
      deviceId: lamp.id,
      name: 'setWorkWindow',
      params: { start: body.workStart, end: body.workEnd },
      source: 'manual',
    });
  }
  const device = (await lightDeviceList(db, auth, lamp.group_id, lang)).find((d) => d.deviceId === lamp.id);
  if (!device) throw new ApiError(Code.NOT_FOUND, `deviceId ${lamp.id}: insecticidal lamp`);
  return { device, command };
}

/** SPEC §7 `light/getLightBySerial`: the lamp with its live state, as the lamp page shows it. */
export async function lightBySerial(db: Db, auth: AuthContext, serial: string, lang: Lang): Promise<LightDevice> {
  const lamp = await repo.findLamp(db, scopeOf(auth), { serial });
  if (!lamp || lamp.group_id === null) throw notFound(`serial ${serial}: insecticidal lamp`);
  const device = (await lightDeviceList(db, auth, lamp.group_id, lang)).find((d) => d.deviceId === lamp.id);
  if (!device) throw notFound(`serial ${serial}: insecticidal lamp`);
  return device;
}
