import {
  type AddGroupBody,
  type AlterGroupBody,
  Code,
  type DeviceClass,
  type DeviceClassFlags,
  flagsFromClasses,
  type Park,
  type SystemLogAction,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { GroupRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';
import * as repo from './repo';

function toPark(g: GroupRow, devices: Park['devices'], defaultZone: string): Park {
  return {
    groupId: g.id,
    groupName: g.name,
    holderMan: g.holder_man,
    address: g.address,
    area: g.area,
    longitude: g.longitude,
    latitude: g.latitude,
    crops: g.crops,
    remark: g.remark,
    screenId: g.screen_id,
    timeZone: g.time_zone ?? defaultZone,
    elevationM: g.elevation_m,
    windHeightM: g.wind_height_m,
    devices,
  };
}

const duplicateName = (name: string) =>
  new ApiError(
    Code.CONFLICT,
    {
      en: `groupName: a park named "${name}" already exists`,
      zh: `groupName：已存在名为“${name}”的园区`,
    },
    { field: 'groupName', rule: 'duplicate', params: { value: name } },
  );

/** `defaultZone` is the server's TZ_NAME: the zone of a park that has none of its own. */
export async function listParks(db: Db, auth: AuthContext, defaultZone: string): Promise<Park[]> {
  const scope = scopeOf(auth);
  const [parks, devices] = await Promise.all([repo.listParks(db, scope), repo.listParkDevices(db, scope)]);
  return parks.map((g) =>
    toPark(
      g,
      devices
        .filter((d) => d.group_id === g.id)
        .map((d) => ({
          deviceId: d.id,
          serial: d.serial,
          deviceName: d.name,
          deviceClass: d.device_class as DeviceClass,
        })),
      defaultZone,
    ),
  );
}

/**
 * The zone an export's times are written in: the zone the reader asked for (the console sends its active
 * park's), else the park's own, else `defaultZone` (TZ_NAME). A park the caller cannot see is not found.
 */
export async function parkZone(
  db: Db,
  auth: AuthContext,
  q: { groupId?: number; timeZone?: string },
  defaultZone: string,
): Promise<string> {
  const park = q.groupId === undefined ? undefined : await visiblePark(db, auth, q.groupId);
  return q.timeZone ?? park?.time_zone ?? defaultZone;
}

async function visiblePark(db: Db, auth: AuthContext, groupId: number): Promise<GroupRow> {
  const park = await repo.findPark(db, scopeOf(auth), groupId);
  if (!park) throw notFound(`groupId ${groupId}: park`);
  return park;
}

function fields(body: AddGroupBody) {
  return {
    name: body.groupName,
    holder_man: body.holderMan,
    address: body.address,
    area: body.area,
    longitude: body.longitude,
    latitude: body.latitude,
    elevation_m: body.elevationM,
    wind_height_m: body.windHeightM,
    crops: body.crops,
    remark: body.remark,
    // absent keeps the zone (alter) or leaves it to TZ_NAME (add); blank returns it to TZ_NAME
    ...(body.timeZone !== undefined && { time_zone: body.timeZone }),
  };
}

/** Park writes are logged as park.<verb> on the park, refused or not. */
const logged = <T>(
  db: Db,
  auth: AuthContext,
  meta: ClientMeta,
  action: SystemLogAction,
  groupId: number | null,
  run: () => Promise<T>,
  describe?: (result: T) => { targetId?: number; detail: string },
) => audited(db, auth, meta, { action, targetType: 'park', targetId: groupId }, run, describe);

export function addPark(
  db: Db,
  auth: AuthContext,
  body: AddGroupBody,
  meta: ClientMeta,
  defaultZone: string,
): Promise<Park> {
  return logged(
    db,
    auth,
    meta,
    'park.add',
    null,
    async () => {
      if (await repo.findParkIdByName(db, auth.merchantId, body.groupName)) throw duplicateName(body.groupName);
      try {
        return await db.transaction().execute(async (trx) => {
          const id = await repo.insertPark(trx, scopeOf(auth), {
            ...fields(body),
            merchant_id: auth.merchantId,
            created_at: Date.now(),
          });
          // An admin sees every park already; anyone else would otherwise lose sight of what they just made.
          if (!auth.isAdmin) await repo.grantPark(trx, auth.userId, id);
          const row = await repo.findPark(trx, { merchantId: auth.merchantId, groupIds: [id] }, id);
          return toPark(row!, [], defaultZone);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateName(body.groupName);
        throw err;
      }
    },
    (p) => ({ targetId: p.groupId, detail: p.groupName }),
  );
}

export function alterPark(
  db: Db,
  auth: AuthContext,
  body: AlterGroupBody,
  meta: ClientMeta,
  defaultZone: string,
): Promise<Park> {
  return logged(db, auth, meta, 'park.alter', body.groupId, async () => {
    await visiblePark(db, auth, body.groupId);
    const same = await repo.findParkIdByName(db, auth.merchantId, body.groupName);
    if (same && same.id !== body.groupId) throw duplicateName(body.groupName);
    try {
      await repo.updatePark(db, scopeOf(auth), body.groupId, fields(body));
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateName(body.groupName);
      throw err;
    }
    const [park] = (await listParks(db, { ...auth, groupIds: [body.groupId] }, defaultZone)) as Park[];
    return park;
  });
}

export function removePark(db: Db, auth: AuthContext, groupId: number, meta: ClientMeta): Promise<void> {
  return logged(db, auth, meta, 'park.remove', groupId, async () => {
    const park = await visiblePark(db, auth, groupId);
    await db.transaction().execute(async (trx) => {
      const bound = await repo.countParkDevices(trx, scopeOf(auth), groupId);
      if (bound > 0) {
        throw new ApiError(Code.CONFLICT, {
          en: `groupId ${groupId}: ${bound} device${bound === 1 ? ' is' : 's are'} still bound to park "${park.name}"; move or remove ${bound === 1 ? 'it' : 'them'} first`,
          zh: `园区“${park.name}”仍绑定 ${bound} 台设备，请先迁移或删除设备`,
        });
      }
      await repo.deletePark(trx, scopeOf(auth), groupId);
    });
  });
}

export function setParkScreen(
  db: Db,
  auth: AuthContext,
  groupId: number,
  screenId: number | null,
  meta: ClientMeta,
): Promise<void> {
  return logged(
    db,
    auth,
    meta,
    'park.screen',
    groupId,
    async () => {
      await visiblePark(db, auth, groupId);
      if (screenId !== null && !(await repo.findMerchantScreen(db, scopeOf(auth), screenId))) {
        throw notFound(`screenId ${screenId}: screen`);
      }
      await repo.updatePark(db, scopeOf(auth), groupId, { screen_id: screenId });
    },
    () => ({ detail: `screenId ${screenId ?? 'none'}` }),
  );
}

export async function parkClassFlags(db: Db, auth: AuthContext, groupId: number): Promise<DeviceClassFlags> {
  await visiblePark(db, auth, groupId);
  return flagsFromClasses(await repo.parkDeviceClasses(db, scopeOf(auth), groupId));
}
