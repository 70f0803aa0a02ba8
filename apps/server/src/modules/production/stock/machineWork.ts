import { dayIn, roundQty, TANKS, type Tank } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { IrrigationRunsTable } from '../../../db/irrigationSchema';
import { insertRow } from '../../../db/rows';
import { isUniqueViolation } from '../../../db/scope';
import { zoneOfPark } from '../../parks/repo';
import { plantingGrowing, plotsOfZones } from './farmWorkRepo';

/**
 * An irrigation run that put fertiliser into the soil becomes farm work on the plots its zones water
 * (irrigation_zones: machine + zone -> plot), with the water and fertiliser the machine measured,
 * marked as recorded by the machine, so no one types it again. The machine has one meter, so a run's
 * water and fertiliser are shared evenly over its zones (as the zone water report does). One row per
 * plot, on the planting growing there; the first row carries the run's id, whose uniqueness makes
 * this idempotent (a second call, or a second server process, changes nothing); every row of a run
 * shares the series id `irrigation-run-<id>`.
 */
export const runSeries = (runId: number) => `irrigation-run-${runId}`;

type Run = Pick<
  Selectable<IrrigationRunsTable>,
  'id' | 'merchant_id' | 'group_id' | 'device_id' | 'zones' | 'water_m3' | 'fertiliser' | 'ended_at' | 'started_at'
>;

function parse<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Returns how many farm work rows were written (0 when the run had no fertiliser or was recorded before). */
export async function recordRunAsFarmWork(db: Db, run: Run, defaultZone: string): Promise<number> {
  const used = parse<Partial<Record<Tank, number>>>(run.fertiliser, {});
  const tanks = TANKS.filter((t) => (used[t] ?? 0) > 0);
  if (tanks.length === 0) return 0;
  const zones = parse<number[]>(run.zones, []);
  if (zones.length === 0) return 0;
  // no caller: the run's own merchant and park are the reach
  const scope = { merchantId: run.merchant_id, groupIds: [run.group_id] };
  const zoneRows = await plotsOfZones(db, scope, run.device_id, zones);
  const zonesOfPlot = new Map<number, number>();
  for (const z of zoneRows)
    zonesOfPlot.set(z.area_point_id as number, (zonesOfPlot.get(z.area_point_id as number) ?? 0) + 1);
  if (zonesOfPlot.size === 0) return 0;

  const at = Number(run.ended_at ?? run.started_at ?? Date.now());
  const day = dayIn(await zoneOfPark(db, run.group_id, defaultZone), at);
  try {
    return await db.transaction().execute(async (trx) => {
      let first = true;
      for (const [plot, n] of zonesOfPlot) {
        const share = n / zones.length;
        const planting = await plantingGrowing(trx, scope, plot, day);
        await insertRow(trx, scope, 'production_farm_work', {
          merchant_id: run.merchant_id,
          group_id: run.group_id,
          type: 'irrigation',
          area_point_id: plot,
          planting_id: planting?.id ?? null,
          planned_on: day,
          done_on: day,
          status: 'done',
          notes: '',
          source: 'machine',
          irrigation_run_id: first ? run.id : null,
          water_m3: run.water_m3 === null ? null : roundQty(run.water_m3 * share),
          fertiliser: JSON.stringify(
            tanks.map((t) => ({ tank: t, name: '', litres: roundQty((used[t] as number) * share) })),
          ),
          series_id: runSeries(run.id),
          user_id: null,
          created_at: Date.now(),
          updated_at: Date.now(),
        });
        first = false;
      }
      return zonesOfPlot.size;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 0;
    throw err;
  }
}
