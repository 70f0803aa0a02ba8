import { measuredKeys, type SensorPlacement } from '@farmpark/contracts';
import type { Db } from '../db/connect';

/**
 * The sensors the demo's operator has bound to the greenhouses of the vegetable park (docs/PRODUCTION.md,
 * sensors of a plot). The demo lays devices on plots in turn (layout.ts), so by the map alone greenhouse 1
 * holds both cabinets and a weather station stands in greenhouses 4 and 5; the names say where each belongs,
 * as an operator would bind them. The other parks keep their defaults (stations in the fields, the park's
 * weather station for the open air).
 */
const LIGHT = ['illuminance', 'solarRadiation'];
const BINDINGS: [plot: string, serial: string, keys: string[] | 'all', placement: SensorPlacement][] = [
  ['1号日光温室', 'DF-SS-0001', 'all', 'indoor'],
  ['2号日光温室', 'DF-SS-0004', 'all', 'indoor'],
  ['3号日光温室', 'DF-SS-0005', 'all', 'indoor'],
  ['5号连栋温室', 'DF-EC-0001', 'all', 'indoor'],
  ['8号育苗棚', 'DF-EC-0002', 'all', 'indoor'],
  // no air sensor inside yet: the station of the greenhouse area gives the light outside, and the air reads
  // "no data" rather than the weather outside a greenhouse
  ['4号日光温室', 'DF-WS-0003', LIGHT, 'outdoor'],
  ['6号连栋温室', 'DF-WS-0003', LIGHT, 'outdoor'],
  ['7号日光温室', 'DF-WS-0003', LIGHT, 'outdoor'],
];

export async function seedPlotSensorsDemo(db: Db, now: number): Promise<void> {
  for (const [plotName, serial, keys, placement] of BINDINGS) {
    const device = await db
      .selectFrom('devices')
      .select(['id', 'merchant_id', 'group_id', 'device_class'])
      .where('serial', '=', serial)
      .executeTakeFirst();
    const plot =
      device?.group_id == null
        ? undefined
        : await db
            .selectFrom('area_points')
            .select('id')
            .where('group_id', '=', device.group_id)
            .where('name', '=', plotName)
            .executeTakeFirst();
    if (!device || device.group_id === null || !plot) continue;
    await db
      .insertInto('plot_sensors')
      .values({
        merchant_id: device.merchant_id,
        group_id: device.group_id,
        area_point_id: plot.id,
        device_id: device.id,
        param_keys: JSON.stringify(keys === 'all' ? measuredKeys(device.device_class) : keys),
        placement,
        created_at: now,
      })
      .execute();
  }
}
