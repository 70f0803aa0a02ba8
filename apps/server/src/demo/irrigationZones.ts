import type { Db } from '../db/connect';

/** Zones 1, 2... named in order, watering the park's plots from `firstPlot` on. */
const zones = (names: string[], firstPlot = 0) =>
  names.map((name, i) => ({ zoneNo: i + 1, name, plot: firstPlot + i }));

/**
 * The demo machines' zones by name, each linked to the plot it waters (plots as data.ts lists them for
 * the machine's park, counted from 0). The names say crop and house, as growers call their zones; zones
 * not listed keep their number only, as an operator who never named them would see.
 */
export const DEMO_ZONES: Record<string, Array<{ zoneNo: number; name: string; plot: number }>> = {
  'DF-WF-0001': zones([
    '1号棚番茄',
    '2号棚番茄',
    '3号棚黄瓜',
    '4号棚黄瓜',
    '5号棚彩椒',
    '6号棚彩椒',
    '7号棚番茄',
    '育苗棚',
  ]),
  'DF-IC-0001': zones(['番茄东棚', '番茄西棚', '黄瓜东棚', '黄瓜西棚']),
  // Zone 1 waters the plot where the smart rule's soil station DF-SS-0004 stands.
  'DF-SI-0001': zones(['彩椒滴灌区', '彩椒东区'], 4),
  'DF-IC-0002': zones(['北一小麦', '北二玉米', '南一小麦', '南二玉米']),
};

/** Names the demo zones once: skipped when any of those machines already has a named zone. */
export async function seedZoneNamesDemo(db: Db): Promise<{ seeded: boolean }> {
  const machines = await db
    .selectFrom('devices as d')
    .innerJoin('merchants as m', 'm.id', 'd.merchant_id')
    .select(['d.id', 'd.merchant_id', 'd.group_id', 'd.serial'])
    .where('m.name', '=', 'Demo Farm')
    .where('d.serial', 'in', Object.keys(DEMO_ZONES))
    .execute();
  if (machines.length === 0) return { seeded: false };
  const named = await db
    .selectFrom('irrigation_zones')
    .select('device_id')
    .where(
      'device_id',
      'in',
      machines.map((m) => m.id),
    )
    .executeTakeFirst();
  if (named) return { seeded: false };
  for (const m of machines) {
    if (m.group_id === null) continue;
    const plots = await db
      .selectFrom('area_points')
      .select('id')
      .where('merchant_id', '=', m.merchant_id)
      .where('group_id', '=', m.group_id)
      .orderBy('id')
      .execute();
    const rows = DEMO_ZONES[m.serial]
      .filter((z) => plots[z.plot])
      .map((z) => ({
        merchant_id: m.merchant_id,
        group_id: m.group_id as number,
        device_id: m.id,
        zone_no: z.zoneNo,
        name: z.name,
        area_point_id: plots[z.plot].id,
      }));
    if (rows.length) await db.insertInto('irrigation_zones').values(rows).execute();
  }
  return { seeded: true };
}
