import type { PlantingMaterialUse, PlantingRecord } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowsByIds } from '../../../db/rows';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { farmWorkExportRows } from '../stock/farmWork';
import { listVideos } from '../stock/videos';
import { listHarvests } from './harvests';
import { plantingOf } from './plantings';

/** More than a season holds; the record is one planting's, not a park's. */
const MAX_ROWS = 1000;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * One planting's record, gathered from the lists that keep it (farm work, harvests, clips), so the
 * drawer says what those pages say. Reached through the planting: a caller who cannot see the
 * planting gets 1005 and nothing of its park.
 */
export async function plantingRecord(db: Db, auth: AuthContext, id: number): Promise<PlantingRecord> {
  const planting = await plantingOf(db, auth, id);
  const groupId = planting.group_id;
  const [farmWork, harvests, videos] = await Promise.all([
    farmWorkExportRows(db, auth, { groupId, plantingId: id }),
    listHarvests(db, auth, { groupId, plantingId: id, pageNum: 1, pageSize: MAX_ROWS }),
    listVideos(db, auth, { groupId, plantingId: id, pageNum: 1, pageSize: MAX_ROWS }),
  ]);

  // what left stock for this planting: the materials of its work done
  const used = new Map<number, PlantingMaterialUse>();
  for (const w of farmWork.filter((x) => x.status === 'done'))
    for (const m of w.materials) {
      const before = used.get(m.materialId)?.quantity ?? 0;
      const { materialId, name, kind, unit } = m;
      used.set(materialId, { materialId, name, kind, unit, quantity: round3(before + m.quantity) });
    }
  const machine = farmWork.filter((w) => w.source === 'machine');
  const personIds = [...new Set(farmWork.flatMap((w) => w.personnelIds))];
  const people = (await rowsByIds(db, scopeOf(auth), 'production_personnel', personIds)).map(({ id, name }) => ({
    id,
    name,
  }));
  return {
    plantingId: id,
    farmWork,
    people,
    materialsUsed: [...used.values()],
    machineWaterM3: round3(machine.reduce((s, w) => s + (w.waterM3 ?? 0), 0)),
    machineFertiliserL: round3(machine.flatMap((w) => w.fertiliser).reduce((s, f) => s + f.litres, 0)),
    harvests: harvests.list,
    videos: videos.list,
  };
}
