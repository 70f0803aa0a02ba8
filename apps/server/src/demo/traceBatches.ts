import { dayIn, TRACE_SECTIONS } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { publishBatch } from '../modules/trace/batches/published';
import { latestSnapshots, withdrawSnapshot } from '../modules/trace/batches/snapshotRepo';

/** The wording of the compliance certificate's pledge (承诺达标合格证). */
const PLEDGE =
  '我承诺对生产销售的食用农产品：不使用禁用农药兽药、停用兽药和非法添加物；常规农药兽药残留不超标；对承诺的真实性负责。';

/**
 * Traceability demo: on each merchant's first park, a report in the library and a batch made from the
 * harvests of the first harvested planting, published with the sections that need no file (report files
 * and clips live under DATA_DIR, which the seed does not touch), and a second batch (lot `-R`) of its first
 * harvest, published and then withdrawn by the administrator. One-item-one-code and the
 * public pages build on these batches.
 */
export async function seedTraceDemo(db: Db, now: number): Promise<void> {
  const merchants = await db.selectFrom('merchants').select(['id', 'name']).orderBy('id').execute();
  for (const m of merchants) {
    const first = await db
      .selectFrom('production_harvests as h')
      .innerJoin('production_plantings as p', 'p.id', 'h.planting_id')
      .innerJoin('production_crops as c', 'c.id', 'p.crop_id')
      .innerJoin('groups as g', 'g.id', 'h.group_id')
      .select(['h.planting_id', 'h.group_id', 'c.name as crop', 'g.name as park', 'g.address', 'g.time_zone'])
      .where('h.merchant_id', '=', m.id)
      .orderBy('h.group_id')
      .orderBy('h.id')
      .executeTakeFirst();
    if (!first) continue;
    const harvests = await db
      .selectFrom('production_harvests')
      .select(['id', 'quantity', 'harvested_on'])
      .where('planting_id', '=', first.planting_id)
      .orderBy('harvested_on')
      .execute();
    const lastDay = harvests[harvests.length - 1].harvested_on;
    const t = { merchant_id: m.id, group_id: first.group_id };
    const report = await db
      .insertInto('trace_reports')
      .values({
        ...t,
        agency: '寿光市农产品质量检测中心',
        report_no: `SG-${lastDay.replaceAll('-', '')}-018`,
        sampled_on: harvests[0].harvested_on,
        reported_on: lastDay,
        valid_until: null,
        passed: 1,
        items: JSON.stringify([
          { name: '毒死蜱', result: '未检出', standard: 'GB 2763-2021 ≤0.5 mg/kg', pass: true },
          { name: '吡虫啉', result: '0.02 mg/kg', standard: 'GB 2763-2021 ≤1 mg/kg', pass: true },
          { name: '铅（以 Pb 计）', result: '0.01 mg/kg', standard: 'GB 2762-2022 ≤0.1 mg/kg', pass: true },
        ]),
        notes: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', m.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const scope = { merchantId: m.id, groupIds: [first.group_id] };
    const lot = `DEMO-${lastDay.replaceAll('-', '')}`;
    const batchOf = async (lotName: string, quantity: number, linked: typeof harvests) => {
      const batch = await db
        .insertInto('trace_batches')
        .values({
          ...t,
          product_name: first.crop,
          gtin: '06901234567892',
          lot: lotName,
          cert_quantity: quantity,
          cert_unit: 'kg',
          producer: first.park,
          origin: first.address,
          contact: '0536-5201234',
          issued_on: lastDay,
          pledge: PLEDGE,
          basis: JSON.stringify(['ownControl', 'ownTest']),
          notes: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = { batch_id: batch.id, merchant_id: m.id };
      await db
        .insertInto('trace_batch_plantings')
        .values({ ...link, planting_id: first.planting_id })
        .execute();
      await db
        .insertInto('trace_batch_harvests')
        .values(linked.map((h) => ({ ...link, harvest_id: h.id })))
        .execute();
      await db
        .insertInto('trace_batch_reports')
        .values({ ...link, report_id: report.id })
        .execute();
      return batch.id;
    };
    const batchId = await batchOf(
      lot,
      harvests.reduce((s, h) => s + Number(h.quantity), 0),
      harvests,
    );
    const sections = TRACE_SECTIONS.filter((s) => s !== 'reports' && s !== 'videos');
    await publishBatch(db, scope, admin.id, batchId, sections);
    // A batch the producer withdrew: published, then taken back; its codes tell consumers so, with the day.
    const recalled = await batchOf(`${lot}-R`, Number(harvests[0].quantity), harvests.slice(0, 1));
    await publishBatch(db, scope, admin.id, recalled, ['product', 'certificate', 'farm']);
    const latest = (await latestSnapshots(db, scope, [recalled])).get(recalled);
    if (latest)
      await withdrawSnapshot(db, scope, latest.id, {
        at: now,
        on: dayIn(first.time_zone ?? 'Asia/Shanghai', now),
        by: admin.id,
        reason: '包装时混入未经检测的一筐，整批撤回复检',
      });
  }
}
