import { Code } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { writeLog } from '../systemLog/service';
import type { DeviceRegistry } from './registry';
import * as repo from './repo';

/**
 * A device renamed from its own page (a lamp, a trap) rather than device management, once the caller has
 * found it in scope: the registry's cached copy is dropped so later messages carry the new name, and the
 * system log says who renamed what. The same name again changes and logs nothing.
 */
export async function renameDevice(
  deps: { db: Db; devices: Pick<DeviceRegistry, 'invalidate'> },
  auth: AuthContext & { ip?: string },
  device: { id: number; serial: string; name: string },
  name: string,
  action: 'light.rename' | 'trap.rename',
): Promise<void> {
  if (name === device.name) return;
  await repo.updateDevices(deps.db, scopeOf(auth), [device.id], { name });
  deps.devices.invalidate(device.serial);
  await writeLog(deps.db, {
    merchantId: auth.merchantId,
    userId: auth.userId,
    loginName: auth.loginName,
    ip: auth.ip ?? '',
    action,
    targetType: 'device',
    targetId: String(device.id),
    detail: `${device.serial} ${device.name} -> ${name}`,
    code: Code.OK,
  });
}
