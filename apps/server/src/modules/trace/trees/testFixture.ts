import type { AddTreeBody } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';

/** The park's first plot (every demo park has plots): where test trees stand. */
export async function firstPlot(db: Db, groupId: number): Promise<number> {
  const first = await db
    .selectFrom('area_points')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(first.id);
}

/** A tree's form as the console sends it, with a remark that must never be published. */
export const treeBody = (groupId: number, areaPointId: number, over: Partial<AddTreeBody> = {}): AddTreeBody => ({
  groupId,
  areaPointId,
  species: '测试柑橘',
  variety: '沃柑',
  plantedYear: 2019,
  longitude: 120.1,
  latitude: 30.2,
  remark: '内部备注',
  ...over,
});
