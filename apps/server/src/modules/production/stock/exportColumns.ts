import type { LocalizedText } from '@farmpark/contracts';
import type { ExportColumn } from '../../../http/exportWriter';

/** Columns of the stock pages' exports (CSV and XLSX through the one export writer). */
const t = (zh: string, en: string): LocalizedText => ({ zh, en });

export const MATERIAL_KIND_TEXT: Record<string, LocalizedText> = {
  fertiliser: t('肥料', 'Fertiliser'),
  pesticide: t('农药', 'Pesticide'),
  seed: t('种子', 'Seed'),
  other: t('其他', 'Other'),
};
export const MOVE_KIND_TEXT: Record<string, LocalizedText> = {
  in: t('入库', 'In'),
  out: t('出库', 'Out'),
  adjust: t('盘点调整', 'Adjustment'),
};
export const WORK_TYPE_TEXT: Record<string, LocalizedText> = {
  sowing: t('播种', 'Sowing'),
  transplanting: t('移栽', 'Transplanting'),
  fertilising: t('施肥', 'Fertilising'),
  spraying: t('打药', 'Spraying'),
  irrigation: t('灌溉', 'Irrigation'),
  weeding: t('除草', 'Weeding'),
  pruning: t('修剪', 'Pruning'),
  harvesting: t('采收', 'Harvesting'),
  other: t('其他', 'Other'),
};
export const WORK_STATUS_TEXT: Record<string, LocalizedText> = {
  planned: t('计划', 'Planned'),
  done: t('已完成', 'Done'),
  abandoned: t('已放弃', 'Abandoned'),
};
export const MACHINE_STATUS_TEXT: Record<string, LocalizedText> = {
  in_use: t('在用', 'In use'),
  idle: t('闲置', 'Idle'),
  repair: t('维修中', 'Under repair'),
  scrapped: t('已报废', 'Scrapped'),
};

export const MATERIAL_COLUMNS: ExportColumn[] = [
  { key: 'kind', header: t('类别', 'Kind'), values: MATERIAL_KIND_TEXT, width: 10 },
  { key: 'name', header: t('名称', 'Name'), width: 24 },
  { key: 'spec', header: t('规格', 'Specification'), width: 18 },
  { key: 'unit', header: t('单位', 'Unit'), width: 8 },
  { key: 'registrationNo', header: t('农药登记证号', 'Registration no.'), width: 16 },
  { key: 'safetyDays', header: t('安全间隔期(天)', 'Safety interval (days)'), width: 12 },
  { key: 'stock', header: t('库存', 'Stock'), decimals: 3, width: 12 },
  { key: 'lowStock', header: t('低库存阈值', 'Low-stock threshold'), decimals: 3, width: 12 },
  { key: 'remark', header: t('备注', 'Remarks'), width: 24 },
];

export const MOVE_COLUMNS: ExportColumn[] = [
  { key: 'at', header: t('时间', 'Time'), time: true, width: 20 },
  { key: 'kind', header: t('类型', 'Kind'), values: MOVE_KIND_TEXT, width: 10 },
  { key: 'quantity', header: t('数量', 'Quantity'), decimals: 3, width: 12 },
  { key: 'balance', header: t('结存', 'Balance'), decimals: 3, width: 12 },
  { key: 'supplierName', header: t('供应商', 'Supplier'), width: 20 },
  { key: 'batchNo', header: t('批号', 'Batch'), width: 14 },
  { key: 'expiresOn', header: t('有效期至', 'Expires on'), width: 12 },
  { key: 'farmWorkId', header: t('农事编号', 'Farm work no.'), width: 10 },
  { key: 'reason', header: t('原因', 'Reason'), width: 24 },
  { key: 'operator', header: t('操作人', 'Operator'), width: 12 },
];

export const SUPPLIER_COLUMNS: ExportColumn[] = [
  { key: 'name', header: t('名称', 'Name'), width: 24 },
  { key: 'contact', header: t('联系人', 'Contact'), width: 12 },
  { key: 'phone', header: t('电话', 'Phone'), width: 16 },
  { key: 'address', header: t('地址', 'Address'), width: 30 },
  { key: 'licence', header: t('经营许可证', 'Licence'), width: 20 },
  { key: 'materials', header: t('供应农资', 'Materials supplied'), width: 30 },
  { key: 'remark', header: t('备注', 'Remarks'), width: 24 },
];

export const MACHINERY_COLUMNS: ExportColumn[] = [
  { key: 'name', header: t('名称', 'Name'), width: 20 },
  { key: 'type', header: t('类型', 'Type'), width: 12 },
  { key: 'model', header: t('型号', 'Model'), width: 16 },
  { key: 'plate', header: t('牌照', 'Plate'), width: 12 },
  { key: 'status', header: t('状态', 'Status'), values: MACHINE_STATUS_TEXT, width: 10 },
  { key: 'purchasedOn', header: t('购置日期', 'Purchased on'), width: 12 },
  { key: 'nextDueOn', header: t('下次保养', 'Next maintenance'), width: 12 },
  { key: 'remark', header: t('备注', 'Remarks'), width: 24 },
];

export const FARM_WORK_COLUMNS: ExportColumn[] = [
  { key: 'id', header: t('编号', 'No.'), width: 8 },
  { key: 'type', header: t('农事类型', 'Type'), values: WORK_TYPE_TEXT, width: 10 },
  { key: 'areaName', header: t('地块', 'Plot'), width: 16 },
  { key: 'plannedOn', header: t('计划日期', 'Planned on'), width: 12 },
  { key: 'doneOn', header: t('完成日期', 'Done on'), width: 12 },
  { key: 'status', header: t('状态', 'Status'), values: WORK_STATUS_TEXT, width: 10 },
  { key: 'materials', header: t('农资用量', 'Materials used'), width: 36 },
  { key: 'waterM3', header: t('用水(m³)', 'Water (m³)'), decimals: 3, width: 10 },
  {
    key: 'source',
    header: t('来源', 'Source'),
    values: { manual: t('人工', 'Manual'), machine: t('灌溉机记录', 'Irrigation machine') },
    width: 12,
  },
  { key: 'notes', header: t('备注', 'Notes'), width: 30 },
];
