import type { Db } from '../../db/connect';
import { inList, merchantWide } from '../../db/scope';

/**
 * The names of the objects a page of the log names, within the merchant: the log is company business, so
 * objects of every park of the merchant are named (merchantWide), whichever parks the reader sees.
 */

/** The column that names a row of each table the log names by id. */
const NAME_COLUMN = {
  groups: 'name',
  roles: 'name',
  irrigation_programs: 'name',
  rules: 'name',
  screens: 'title',
  users: 'login_name',
  irrigation_runs: 'device_name',
} as const;
export type NamedTable = keyof typeof NAME_COLUMN;

export function namesById(db: Db, merchantId: number, table: NamedTable, ids: number[]) {
  return merchantWide(db, merchantId)
    .selectFrom(table)
    .select(['id', `${NAME_COLUMN[table]} as name` as 'name'])
    .where('id', 'in', inList(ids))
    .execute() as Promise<{ id: number; name: string }[]>;
}

/** Devices named by id or by serial. */
export const devicesByRef = (db: Db, merchantId: number, ids: number[], serials: string[]) =>
  merchantWide(db, merchantId)
    .selectFrom('devices')
    .select(['id', 'serial', 'name'])
    .where((eb) => eb.or([eb('id', 'in', inList(ids)), eb('serial', 'in', [...serials, ''])]))
    .execute();

export const commandsById = (db: Db, merchantId: number, cmdIds: string[]) =>
  merchantWide(db, merchantId)
    .selectFrom('commands')
    .select(['cmd_id', 'device_id', 'device_name', 'device_serial'])
    .where('cmd_id', 'in', cmdIds)
    .execute();

/**
 * The named zones of machines, with the linked plot's name. A zone row whose park is no longer its
 * machine's (the machine was moved) is not the zone's any more, nor a plot that left the zone's park:
 * as on the machine's own pages, such names are dropped.
 */
export async function zonesOfMachines(db: Db, merchantId: number, machineIds: number[]) {
  const rows = await merchantWide(db, merchantId)
    .selectFrom('irrigation_zones as z')
    .innerJoin('devices as d', 'd.id', 'z.device_id')
    .leftJoin('area_points as a', 'a.id', 'z.area_point_id')
    .select(['z.device_id', 'z.zone_no', 'z.name', 'z.group_id', 'd.group_id as machine_park'])
    .select(['a.name as plot', 'a.group_id as plot_park'])
    .where('z.device_id', 'in', inList(machineIds))
    .execute();
  return rows
    .filter((z) => z.machine_park === z.group_id)
    .map((z) => ({
      device_id: z.device_id,
      zone_no: z.zone_no,
      name: z.name,
      plot: z.plot_park === z.group_id ? z.plot : null,
    }));
}

export const devicesById = (db: Db, merchantId: number, ids: number[]) =>
  merchantWide(db, merchantId)
    .selectFrom('devices')
    .select(['id', 'name', 'serial'])
    .where('id', 'in', inList(ids))
    .execute();
