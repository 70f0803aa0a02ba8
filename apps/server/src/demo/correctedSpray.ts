import { ALL_PERMIT_URLS } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import type { AuthContext } from '../modules/auth/sessions';
import { alterFarmWork } from '../modules/production/stock/farmWork';

/**
 * A finished spray of Demo Farm corrected by its administrator, through the service the console's edit uses, so
 * the farm-work page shows a record's history as a farm keeps it: the spray as first finished, then the
 * correction with who, when and why (issue 24, point 10). The correction adds to the notes only: its day,
 * plot and materials stay, so no safety interval moves.
 */
export async function seedCorrectedSpray(db: Db, tzName = 'Asia/Shanghai'): Promise<void> {
  const farm = await db.selectFrom('merchants').select('id').where('name', '=', 'Demo Farm').executeTakeFirst();
  if (!farm) return;
  const work = await db
    .selectFrom('production_farm_work')
    .selectAll()
    .where('merchant_id', '=', farm.id)
    .where('type', '=', 'spraying')
    .where('status', '=', 'done')
    .orderBy('done_on', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const admin = await db
    .selectFrom('users')
    .select(['id', 'login_name'])
    .where('merchant_id', '=', farm.id)
    .orderBy('id')
    .executeTakeFirst();
  if (!work?.done_on || !admin) return;
  const parks = await db.selectFrom('groups').select('id').where('merchant_id', '=', farm.id).execute();
  const [people, machinery, materials] = await Promise.all([
    db.selectFrom('production_farm_work_people').select('personnel_id').where('farm_work_id', '=', work.id).execute(),
    db
      .selectFrom('production_farm_work_machinery')
      .select('machinery_id')
      .where('farm_work_id', '=', work.id)
      .execute(),
    db
      .selectFrom('production_farm_work_materials')
      .select(['material_id', 'quantity'])
      .where('farm_work_id', '=', work.id)
      .execute(),
  ]);
  const auth: AuthContext = {
    userId: admin.id,
    merchantId: farm.id,
    sessionId: 0,
    loginName: admin.login_name,
    isAdmin: true,
    roleKey: null,
    kind: 'staff',
    grants: new Set(ALL_PERMIT_URLS),
    groupIds: parks.map((p) => p.id),
  };
  await alterFarmWork(
    db,
    auth,
    {
      id: work.id,
      groupId: work.group_id,
      type: 'spraying',
      areaPointId: work.area_point_id,
      plantingId: work.planting_id,
      plannedOn: work.planned_on,
      status: 'done',
      doneOn: work.done_on,
      notes: `${work.notes}；补记：东侧两垄风大，次日清晨补喷`,
      personnelIds: people.map((p) => p.personnel_id),
      machineryIds: machinery.map((m) => m.machinery_id),
      materials: materials.map((m) => ({ materialId: m.material_id, quantity: Number(m.quantity) })),
      correctionReason: '补记东侧两垄的补喷时间',
      overrideReason: null,
    },
    tzName,
  );
}
