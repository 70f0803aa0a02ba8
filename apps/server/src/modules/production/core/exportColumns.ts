import type { LocalizedText } from '@farmpark/contracts';
import type { ExportColumn } from '../../../http/exportWriter';
import { PERMITS } from './permits';

/** The production core's exports (CSV and XLSX through the one export writer): file name, permission, columns. */
export interface CoreExport {
  name: string;
  permitUrl: string;
  columns: ExportColumn[];
}

const file = (name: string, permitUrl: string, columns: ExportColumn[]): CoreExport => ({ name, permitUrl, columns });
const t = (zh: string, en: string): LocalizedText => ({ zh, en });
const CROP = t('作物', 'Crop');
const VARIETY = t('品种', 'Variety');
const PLOT = t('地块', 'Plot');

export const PERSONNEL_EXPORT = file('personnel', PERMITS.personnel, [
  { key: 'name', header: t('姓名', 'Name'), width: 14 },
  { key: 'phone', header: t('电话', 'Phone'), width: 16 },
  { key: 'post', header: t('岗位', 'Post'), width: 14 },
  { key: 'idNumber', header: t('身份证号', 'ID number'), width: 22 },
  { key: 'status', header: t('状态', 'Status'), values: { active: t('在职', 'Active'), left: t('离职', 'Left') } },
  { key: 'userName', header: t('关联用户', 'Console user'), width: 14 },
]);

export const CROP_EXPORT = file('crops', PERMITS.plant, [
  { key: 'name', header: CROP, width: 14 },
  { key: 'variety', header: VARIETY, width: 14 },
  { key: 'category', header: t('类别', 'Category'), width: 12 },
  { key: 'growingDays', header: t('生长期（天）', 'Growing days') },
  { key: 'stageCount', header: t('生长阶段数', 'Stages') },
  { key: 'plantingCount', header: t('种植数', 'Plantings') },
]);

export const STANDARD_EXPORT = file('growth-standards', PERMITS.standard, [
  { key: 'crop', header: CROP, width: 14 },
  { key: 'variety', header: VARIETY, width: 14 },
  { key: 'stage', header: t('生长阶段', 'Stage'), width: 14 },
  { key: 'startDay', header: t('开始（播种后天数）', 'From day') },
  { key: 'endDay', header: t('结束（播种后天数）', 'To day') },
  { key: 'tasks', header: t('关键农事', 'Key tasks'), width: 30 },
  { key: 'ranges', header: t('理想范围', 'Ideal ranges'), width: 50 },
]);

const PLANTING_STATUS_TEXT = {
  growing: t('生长中', 'Growing'),
  harvested: t('已采收', 'Harvested'),
  ended: t('已结束', 'Ended'),
};
export const PLANTING_EXPORT = file('plantings', PERMITS.plant, [
  { key: 'cropName', header: CROP, width: 12 },
  { key: 'variety', header: VARIETY, width: 12 },
  { key: 'areaPointName', header: PLOT, width: 14 },
  { key: 'areaMu', header: t('面积（亩）', 'Area (mu)'), decimals: 1 },
  { key: 'sownOn', header: t('播种日期', 'Sown on'), width: 12 },
  { key: 'transplantedOn', header: t('定植日期', 'Transplanted on'), width: 12 },
  { key: 'expectedHarvestOn', header: t('预计采收', 'Expected harvest'), width: 12 },
  { key: 'status', header: t('状态', 'Status'), values: PLANTING_STATUS_TEXT },
  { key: 'stageName', header: t('当前阶段', 'Current stage'), width: 12 },
  { key: 'dayNo', header: t('播种后天数', 'Days since sowing') },
]);

export const HARVEST_EXPORT = file('harvests', PERMITS.harvest, [
  { key: 'harvestedOn', header: t('采收日期', 'Harvested on'), width: 12 },
  { key: 'cropName', header: CROP, width: 12 },
  { key: 'areaPointName', header: PLOT, width: 14 },
  { key: 'quantity', header: t('数量', 'Quantity'), decimals: 2 },
  { key: 'unit', header: t('单位', 'Unit') },
  { key: 'grade', header: t('等级', 'Grade') },
  { key: 'warehouse', header: t('仓库', 'Warehouse'), width: 14 },
  { key: 'people', header: t('采收人员', 'People'), width: 20 },
  { key: 'overrideReason', header: t('安全间隔期强制说明', 'Safety interval override'), width: 24 },
  { key: 'notes', header: t('备注', 'Notes'), width: 24 },
]);
