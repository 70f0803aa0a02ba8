import { addDays, dayIn } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { scoped } from '../db/scope';
import { type LedgerActor, moveStock } from '../modules/production/stock/ledger';

/**
 * Production stock demo, per park: suppliers, the materials a vegetable farm keeps (pesticides with
 * their registration numbers and pre-harvest intervals, fertilisers, seed, sundries), three months of
 * farm work on every planted plot (sprays rotated between products, fertilising, weeding, pruning) whose
 * materials left stock through the ledger, deliveries and one stocktaking correction, so every balance
 * is the sum of its ledger; machinery with maintenance, one machine due within the week. Sprays are all
 * older than their safety interval, so the demo blocks no harvest; the next fortnight holds planned work
 * and one pruning was called off for rain.
 */
type Mat = [
  kind: string,
  name: string,
  spec: string,
  unit: string,
  reg: string,
  safety: number,
  low: number,
  buy: number,
];
const MATERIALS: Mat[] = [
  ['pesticide', '吡虫啉', '10% 可湿性粉剂', 'kg', 'PD20082345', 7, 1, 6],
  ['pesticide', '阿维菌素', '1.8% 乳油', 'L', 'PD20070123', 7, 1, 5],
  ['pesticide', '嘧菌酯', '250 g/L 悬浮剂', 'L', 'PD20121567', 5, 0.5, 3],
  ['pesticide', '代森锰锌', '80% 可湿性粉剂', 'kg', 'PD20094410', 15, 2, 8],
  ['pesticide', '苯醚甲环唑', '10% 水分散粒剂', 'kg', 'PD20101832', 7, 0.5, 2],
  ['fertiliser', '硫酸钾型复合肥', '15-15-15 50 kg/袋', 'kg', '', 0, 100, 1000],
  ['fertiliser', '大量元素水溶肥', '20-20-20 10 kg/袋', 'kg', '', 0, 20, 200],
  ['fertiliser', '尿素', 'N≥46% 40 kg/袋', 'kg', '', 0, 40, 400],
  ['seed', '番茄种子', '粉果 1000 粒/袋', '袋', '', 0, 2, 10],
  ['other', '黄色粘虫板', '25×30 cm', '张', '', 0, 50, 300],
];
const SUPPLIERS = [
  ['山东农资集团寿光分公司', '王经理', '0536-5221188', '山东省寿光市农圣街 88 号', '鲁农资许字 370783001'],
  ['寿光市绿丰种业有限公司', '李红', '13953600321', '山东省寿光市圣城街 216 号', '鲁种许字 C3707830016'],
  ['潍坊田园化肥经销部', '张强', '13806361450', '山东省潍坊市奎文区东风东街 12 号', '鲁农资许字 370705012'],
] as const;
const MACHINES = [
  ['东方红 LX804 拖拉机', '拖拉机', 'LX804', '鲁G·2A815', 300],
  ['大疆 T40 植保无人机', '植保无人机', 'T40', '', 3],
  ['微耕机', '微耕机', '1WG6.3', '', 60],
] as const;
const dayMs = (day: string) => Date.parse(`${day}T01:30:00Z`);

async function seedPark(trx: Db, merchantId: number, groupId: number, zone: string, now: number) {
  const db = scoped(trx, { merchantId, groupIds: [groupId] });
  const today = dayIn(zone, now);
  const t = { merchant_id: merchantId, group_id: groupId };
  const who: LedgerActor = { merchantId, groupId, userId: null, operator: 'demo' };
  const suppliers: number[] = [];
  for (const [name, contact, phone, address, licence] of SUPPLIERS) {
    const row = await db
      .insertInto('production_suppliers')
      .values({ ...t, name, contact, phone, address, licence, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    suppliers.push(row.id);
  }
  const mats = new Map<string, number>();
  for (const [i, [kind, name, spec, unit, reg, safety, low, buy]] of MATERIALS.entries()) {
    const { id } = await db
      .insertInto('production_materials')
      .values({
        ...t,
        kind,
        name,
        spec,
        unit,
        registration_no: reg,
        safety_days: safety,
        low_stock: low,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    mats.set(name, id);
    const supplier = suppliers[kind === 'seed' ? 1 : kind === 'fertiliser' ? 2 : 0];
    await db
      .insertInto('production_supplier_materials')
      .values({ ...t, supplier_id: supplier, material_id: id })
      .execute();
    // the season's delivery three months ago, and a top-up of the sprays a month later
    const delivered = addDays(today, -95);
    await moveStock(db, who, {
      materialId: id,
      kind: 'in',
      quantity: buy,
      supplierId: supplier,
      batchNo: `${delivered.replace(/-/g, '')}-${String(i + 1).padStart(2, '0')}`,
      expiresOn: kind === 'pesticide' ? addDays(delivered, 730) : null,
      at: dayMs(delivered),
    });
    if (kind === 'pesticide')
      await moveStock(db, who, {
        materialId: id,
        kind: 'in',
        quantity: buy / 2,
        supplierId: supplier,
        batchNo: `${addDays(today, -60).replace(/-/g, '')}-B`,
        expiresOn: addDays(today, 670),
        at: dayMs(addDays(today, -60)),
      });
  }
  await moveStock(db, who, {
    materialId: mats.get('黄色粘虫板') as number,
    kind: 'adjust',
    quantity: -12,
    reason: '盘点：雨淋破损 12 张',
    at: dayMs(addDays(today, -30)),
  });

  const machines: number[] = [];
  for (const [k, [name, type, model, plate, cost]] of MACHINES.entries()) {
    const due = k === 1 ? addDays(today, 3) : addDays(today, 40 + k * 20);
    const { id } = await db
      .insertInto('production_machinery')
      .values({
        ...t,
        name,
        type,
        model,
        plate,
        status: 'in_use',
        purchased_on: addDays(today, -700 - k * 200),
        next_due_on: due,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    machines.push(id);
    await db
      .insertInto('production_maintenance')
      .values({
        ...t,
        machinery_id: id,
        done_on: addDays(today, -60),
        type: k === 1 ? '电池与喷头检查' : '更换机油机滤',
        cost,
        notes: '',
        next_due_on: due,
        created_at: now,
      })
      .execute();
  }

  const plantings = await db
    .selectFrom('production_plantings')
    .select(['id', 'area_point_id', 'sown_on'])
    .where('status', '=', 'growing')
    .orderBy('id')
    .execute();
  const people = await db
    .selectFrom('production_personnel_parks')
    .select('personnel_id')
    .orderBy('personnel_id')
    .execute();
  const harvests = await db.selectFrom('production_harvests').select(['planting_id', 'harvested_on']).execute();
  const sprays = MATERIALS.filter((m) => m[0] === 'pesticide');
  for (const [p, planting] of plantings.entries()) {
    const plan: [day: number, type: string, material: string | null, qty: number][] = [];
    for (let back = 88 - p * 2; back > -14; back -= 14) {
      const spray = sprays[((back / 14 + p) % sprays.length) | 0];
      plan.push([back, 'spraying', spray[1], spray[3] === 'L' ? 0.15 : 0.2]);
      plan.push([
        back - 5,
        'fertilising',
        back % 28 < 14 ? '大量元素水溶肥' : '硫酸钾型复合肥',
        back % 28 < 14 ? 6 : 25,
      ]);
      if (back % 28 < 14) plan.push([back - 9, 'weeding', null, 0]);
      else plan.push([back - 9, 'pruning', null, 0]);
    }
    for (const [back, type, material, qty] of plan) {
      const day = addDays(today, -back);
      if (day < planting.sown_on) continue;
      const safety = material ? (MATERIALS.find((m) => m[1] === material)?.[5] ?? 0) : 0;
      // a spray still inside its interval is left out: the demo blocks no harvest, and has none inside one
      if (type === 'spraying' && back > 0 && back <= safety) continue;
      const reaches = (h: { planting_id: number; harvested_on: string }) =>
        h.planting_id === planting.id && h.harvested_on >= day && h.harvested_on < addDays(day, safety);
      if (type === 'spraying' && harvests.some(reaches)) continue;
      const done = back > 0;
      const rained = p === 0 && type === 'pruning' && back > 14 && back <= 28;
      const status = rained ? 'abandoned' : done ? 'done' : 'planned';
      const { id } = await db
        .insertInto('production_farm_work')
        .values({
          ...t,
          type,
          area_point_id: planting.area_point_id,
          planting_id: planting.id,
          planned_on: day,
          done_on: status === 'done' ? day : null,
          status,
          notes: rained ? '连续降雨，取消本次修剪' : type === 'spraying' ? '叶面均匀喷雾，避开中午高温' : '',
          source: 'manual',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const links = { ...t, farm_work_id: id };
      if (people.length)
        await db
          .insertInto('production_farm_work_people')
          .values({ ...links, personnel_id: people[Math.abs(p + back) % people.length].personnel_id })
          .execute();
      if (type === 'spraying')
        await db
          .insertInto('production_farm_work_machinery')
          .values({ ...links, machinery_id: machines[1] })
          .execute();
      if (!material) continue;
      const materialId = mats.get(material) as number;
      await db
        .insertInto('production_farm_work_materials')
        .values({ ...links, material_id: materialId, quantity: qty, safety_days: safety })
        .execute();
      if (status === 'done')
        await moveStock(db, who, { materialId, kind: 'out', quantity: -qty, farmWorkId: id, at: dayMs(day) });
    }
  }
}

export async function seedProductionStockDemo(db: Db, now: number): Promise<void> {
  const parks = await db.selectFrom('groups').select(['id', 'merchant_id', 'time_zone']).orderBy('id').execute();
  for (const g of parks)
    await db.transaction().execute((trx) => seedPark(trx, g.merchant_id, g.id, g.time_zone ?? 'Asia/Shanghai', now));
}
