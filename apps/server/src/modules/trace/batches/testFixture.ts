import type { Db } from '../../../db/connect';
import { insertRow, updateById } from '../../../db/rows';
import { productionRows } from '../../production/core/testFixture';
import { stockRows } from '../../production/stock/testFixture';

/** Texts a published snapshot must never carry: a person's phone, ID number and name, and notes. */
export const PRIVATE_MARKERS = {
  phone: '13912345678',
  idNumber: '330102199001011234',
  person: '测试采收员',
  plantingNote: 'PLANTING-NOTE-SECRET',
  harvestNote: 'HARVEST-NOTE-SECRET',
  workNote: 'WORK-NOTE-SECRET',
  batchNote: 'BATCH-NOTE-SECRET',
  reportNote: 'REPORT-NOTE-SECRET',
};

/**
 * A park's production records a batch draws on, inserted directly: a planting with a harvest, done spraying
 * work with its pesticide on that planting, a clip and a report; the harvester has a phone and an ID number
 * and every record a private note, so tests can prove none of it is published.
 */
export async function traceRows(db: Db, merchantId: number, groupId: number) {
  const core = await productionRows(db, merchantId, groupId, '2026-03-01');
  const stock = await stockRows(db, merchantId, groupId);
  const scope = { merchantId, groupIds: [groupId] };
  const m = PRIVATE_MARKERS;
  await updateById(db, scope, 'production_personnel', core.personId, { phone: m.phone, id_number: m.idNumber });
  await updateById(db, scope, 'production_plantings', core.plantingId, { notes: m.plantingNote });
  await updateById(db, scope, 'production_harvests', core.harvestId, { notes: m.harvestNote, grade: '特级' });
  const work = { planting_id: core.plantingId, status: 'done', done_on: '2026-04-02', notes: m.workNote };
  await updateById(db, scope, 'production_farm_work', stock.farmWorkId, work);
  const link = { farm_work_id: stock.farmWorkId, merchant_id: merchantId, group_id: groupId };
  await db
    .insertInto('production_farm_work_materials')
    .values({ ...link, material_id: stock.materialId, quantity: 0.5 })
    .execute();
  await db
    .insertInto('production_farm_work_people')
    .values({ ...link, personnel_id: core.personId })
    .execute();
  return { ...core, ...stock, reportId: await testReport(db, merchantId, groupId) };
}

/** A report of the park inserted directly (a test lab's, passed, no file yet) with a private note. */
export function testReport(db: Db, merchantId: number, groupId: number): Promise<number> {
  const at = Date.now();
  return insertRow(db, { merchantId, groupIds: [groupId] }, 'trace_reports', {
    merchant_id: merchantId,
    group_id: groupId,
    agency: '测试检测中心',
    report_no: 'JC-2026-001',
    sampled_on: '2026-05-20',
    reported_on: '2026-05-25',
    valid_until: null,
    passed: 1,
    items: JSON.stringify([{ name: '毒死蜱', result: '未检出', standard: 'GB 2763', pass: true }]),
    notes: PRIVATE_MARKERS.reportNote,
    created_at: at,
    updated_at: at,
  });
}
export type TraceRows = Awaited<ReturnType<typeof traceRows>>;

/** A batch body drawing on traceRows, with every certificate field filled. */
export const batchBody = (groupId: number, rows: TraceRows, lot = 'LOT-2026-01') => ({
  groupId,
  productName: '测试番茄',
  gtin: '6901234567892',
  lot,
  plantingIds: [rows.plantingId],
  harvestIds: [rows.harvestId],
  reportIds: [rows.reportId],
  videoIds: [rows.videoId],
  certQuantity: 10,
  certUnit: 'kg',
  producer: '测试生产者合作社',
  origin: '浙江省杭州市测试镇',
  contact: '0571-88886666',
  issuedOn: '2026-06-02',
  pledge: '不使用禁用农药兽药、停用兽药和非法添加物',
  basis: ['ownControl', 'labTest'],
  notes: PRIVATE_MARKERS.batchNote,
});

/** Inputs of the report and batch routes for the tenant-isolation walk (the park and ids are the foreign ones). */
export const TRACE_SAMPLES: Record<string, string> = {
  agency: '隔离测试检测中心',
  reportNo: 'ISO-1',
  sampledOn: '2026-05-20',
  reportedOn: '2026-05-25',
  validUntil: '',
  passed: 'true',
  items: '[]',
  productName: '隔离测试产品',
  gtin: '',
  lot: 'ISO-1',
  plantingIds: '',
  harvestIds: '',
  reportIds: '',
  videoIds: '',
  certQuantity: '',
  certUnit: '',
  producer: '',
  origin: '',
  issuedOn: '',
  pledge: '',
  basis: '',
  sections: 'product',
};
