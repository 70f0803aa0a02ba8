import { DEVICE_CLASSES, deviceClassNames, type LocalizedText, type ReportSummary } from '@farmpark/contracts';
import type { ExportSheet } from '../../http/exportWriter';
import { SEVERITY_VALUES } from '../alarms/records';

/**
 * A report's tables, phrased by the one export writer: the XLSX has one sheet per table and the PDF draws the
 * same columns and cells, so both files show the same numbers.
 */
const STAGE_VALUES: Record<string, LocalizedText> = {
  firstEggHatch: { zh: '始孵期', en: 'First egg hatch' },
  hatch20: { zh: '孵化 20%', en: '20 % egg hatch' },
  peakLaying: { zh: '产卵高峰', en: 'Peak egg laying' },
  secondGeneration: { zh: '第二代', en: 'Second generation' },
  secondHatch: { zh: '第二代孵化', en: 'Second generation egg hatch' },
};
const KIND_VALUES: Record<string, LocalizedText> = {
  insect: { zh: '虫害', en: 'Insect' },
  spore: { zh: '孢子', en: 'Spore' },
};
const zh = deviceClassNames('zh');
const en = deviceClassNames('en');
const CLASS_VALUES: Record<string, LocalizedText> = Object.fromEntries(
  DEVICE_CLASSES.map((c) => [c, { zh: zh[c], en: en[c] }]),
);

export const REPORT_TITLE: Record<ReportSummary['frequency'], LocalizedText> = {
  daily: { zh: '园区日报', en: 'Daily park report' },
  weekly: { zh: '园区周报', en: 'Weekly park report' },
};

export function reportTables(s: ReportSummary): ExportSheet[] {
  return [
    {
      name: { zh: '告警', en: 'Alarms' },
      columns: [
        { key: 'severity', header: { zh: '级别', en: 'Severity' }, values: SEVERITY_VALUES },
        { key: 'raised', header: { zh: '产生', en: 'Raised' } },
        { key: 'acknowledged', header: { zh: '已确认', en: 'Acknowledged' } },
      ],
      rows: s.alarms,
    },
    {
      name: { zh: '用水', en: 'Water' },
      columns: [
        { key: 'deviceName', header: { zh: '灌溉设备', en: 'Machine' }, width: 24 },
        { key: 'zone', header: { zh: '分区', en: 'Zone' } },
        { key: 'waterM3', header: { zh: '用水 (m³)', en: 'Water (m³)' }, decimals: 3 },
        { key: 'runs', header: { zh: '灌溉次数', en: 'Runs' } },
      ],
      rows: s.water,
    },
    {
      name: { zh: '虫情', en: 'Pests' },
      columns: [
        { key: 'name', header: { zh: '类别', en: 'Category' }, width: 20 },
        { key: 'kind', header: { zh: '类型', en: 'Kind' }, values: KIND_VALUES },
        { key: 'count', header: { zh: '捕获数', en: 'Caught' } },
      ],
      rows: s.pests,
    },
    {
      name: { zh: '发育期', en: 'Stages' },
      columns: [
        { key: 'name', header: { zh: '类别', en: 'Category' }, width: 14 },
        { key: 'biofix', header: { zh: '生物学起点', en: 'Biofix' }, width: 13 },
        { key: 'sum', header: { zh: '积温 (°C·d)', en: '°C·d since' }, decimals: 1, width: 12 },
        { key: 'reached', header: { zh: '已达发育期', en: 'Stage reached' }, values: STAGE_VALUES, width: 22 },
        { key: 'reachedOn', header: { zh: '到达日期', en: 'Reached on' }, width: 13 },
        { key: 'next', header: { zh: '下一发育期', en: 'Next stage' }, values: STAGE_VALUES, width: 22 },
        { key: 'forecastOn', header: { zh: '预计日期', en: 'Forecast' }, width: 13 },
      ],
      rows: s.stages.map((x) => ({
        name: x.name,
        biofix: x.biofix,
        sum: x.sumSinceBiofix,
        reached: x.reached?.key,
        reachedOn: x.reached?.on,
        next: x.next?.key,
        forecastOn: x.next?.forecastOn,
      })),
    },
    {
      name: { zh: '离线设备', en: 'Offline devices' },
      columns: [
        { key: 'name', header: { zh: '设备', en: 'Device' }, width: 24 },
        { key: 'serial', header: { zh: '设备编号', en: 'Serial' }, width: 18 },
        { key: 'deviceClass', header: { zh: '类型', en: 'Type' }, values: CLASS_VALUES, width: 18 },
      ],
      rows: s.offline,
    },
    {
      name: { zh: '采收', en: 'Harvests' },
      columns: [
        { key: 'crop', header: { zh: '作物', en: 'Crop' }, width: 16 },
        { key: 'quantity', header: { zh: '数量', en: 'Quantity' } },
        { key: 'unit', header: { zh: '单位', en: 'Unit' } },
        { key: 'harvests', header: { zh: '采收次数', en: 'Harvests' } },
      ],
      rows: s.harvests,
    },
    {
      name: { zh: '批次', en: 'Batches' },
      columns: [
        { key: 'productName', header: { zh: '产品', en: 'Product' }, width: 20 },
        { key: 'lot', header: { zh: '批号', en: 'Lot' }, width: 18 },
        { key: 'createdAt', header: { zh: '建立时间', en: 'Created' }, time: true, width: 20 },
      ],
      rows: s.batches,
    },
  ];
}
