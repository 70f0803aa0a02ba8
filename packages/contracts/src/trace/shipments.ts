import { z } from 'zod';
import { id, idList, pageQuery } from '../envelope';
import { dayField, optText, text } from '../production/coreValues';
import { enumField, numberField, withDefault } from '../requestValues';

/**
 * Where a trace batch went (buyer, quantity, day, region): the batch page lists them and exports the recall
 * list; a consumer's scan far from every region of its batch's shipments is flagged as diverted (窜货).
 */

/**
 * Province-level regions of China with the position of their capital: where a shipment went, and the point
 * a scan's distance is measured from. A scan inside the shipment's own region is never diverted.
 */
export const SHIPMENT_REGIONS = {
  beijing: { zh: '北京', en: 'Beijing', lat: 39.9, lon: 116.41 },
  tianjin: { zh: '天津', en: 'Tianjin', lat: 39.13, lon: 117.2 },
  hebei: { zh: '河北', en: 'Hebei', lat: 38.04, lon: 114.51 },
  shanxi: { zh: '山西', en: 'Shanxi', lat: 37.87, lon: 112.55 },
  neimenggu: { zh: '内蒙古', en: 'Inner Mongolia', lat: 40.84, lon: 111.75 },
  liaoning: { zh: '辽宁', en: 'Liaoning', lat: 41.8, lon: 123.43 },
  jilin: { zh: '吉林', en: 'Jilin', lat: 43.82, lon: 125.32 },
  heilongjiang: { zh: '黑龙江', en: 'Heilongjiang', lat: 45.8, lon: 126.53 },
  shanghai: { zh: '上海', en: 'Shanghai', lat: 31.23, lon: 121.47 },
  jiangsu: { zh: '江苏', en: 'Jiangsu', lat: 32.06, lon: 118.8 },
  zhejiang: { zh: '浙江', en: 'Zhejiang', lat: 30.27, lon: 120.15 },
  anhui: { zh: '安徽', en: 'Anhui', lat: 31.82, lon: 117.23 },
  fujian: { zh: '福建', en: 'Fujian', lat: 26.07, lon: 119.3 },
  jiangxi: { zh: '江西', en: 'Jiangxi', lat: 28.68, lon: 115.86 },
  shandong: { zh: '山东', en: 'Shandong', lat: 36.65, lon: 117.12 },
  henan: { zh: '河南', en: 'Henan', lat: 34.75, lon: 113.63 },
  hubei: { zh: '湖北', en: 'Hubei', lat: 30.59, lon: 114.31 },
  hunan: { zh: '湖南', en: 'Hunan', lat: 28.23, lon: 112.94 },
  guangdong: { zh: '广东', en: 'Guangdong', lat: 23.13, lon: 113.26 },
  guangxi: { zh: '广西', en: 'Guangxi', lat: 22.82, lon: 108.37 },
  hainan: { zh: '海南', en: 'Hainan', lat: 20.04, lon: 110.35 },
  chongqing: { zh: '重庆', en: 'Chongqing', lat: 29.56, lon: 106.55 },
  sichuan: { zh: '四川', en: 'Sichuan', lat: 30.57, lon: 104.07 },
  guizhou: { zh: '贵州', en: 'Guizhou', lat: 26.65, lon: 106.63 },
  yunnan: { zh: '云南', en: 'Yunnan', lat: 25.04, lon: 102.71 },
  xizang: { zh: '西藏', en: 'Xizang', lat: 29.65, lon: 91.14 },
  shaanxi: { zh: '陕西', en: 'Shaanxi', lat: 34.34, lon: 108.94 },
  gansu: { zh: '甘肃', en: 'Gansu', lat: 36.06, lon: 103.83 },
  qinghai: { zh: '青海', en: 'Qinghai', lat: 36.62, lon: 101.78 },
  ningxia: { zh: '宁夏', en: 'Ningxia', lat: 38.49, lon: 106.23 },
  xinjiang: { zh: '新疆', en: 'Xinjiang', lat: 43.83, lon: 87.62 },
  hongkong: { zh: '香港', en: 'Hong Kong', lat: 22.32, lon: 114.17 },
  macao: { zh: '澳门', en: 'Macao', lat: 22.2, lon: 113.54 },
  taiwan: { zh: '台湾', en: 'Taiwan', lat: 25.03, lon: 121.57 },
} as const;
export type ShipmentRegion = keyof typeof SHIPMENT_REGIONS;
export const SHIPMENT_REGION_KEYS = Object.keys(SHIPMENT_REGIONS) as [ShipmentRegion, ...ShipmentRegion[]];

export const shipmentFields = z.object({
  batchId: id,
  buyer: text(100, 1),
  /** The buyer's contact for a recall: the merchant's record, never published. */
  contact: optText(50),
  quantity: numberField((n) => n.gt(0).max(1e9)),
  unit: text(10, 1),
  shippedOn: dayField(),
  region: enumField(SHIPMENT_REGION_KEYS),
  /** City, market or store, as the merchant writes it. */
  place: optText(100),
  notes: optText(200),
});
export const addShipmentBody = shipmentFields;
export type AddShipmentBody = z.infer<typeof addShipmentBody>;
export const alterShipmentBody = shipmentFields.extend({ id });
export type AlterShipmentBody = z.infer<typeof alterShipmentBody>;
export const shipmentListQuery = pageQuery.extend({ batchId: id });
export const removeShipmentBody = z.object({ batchId: id, id: idList });
export const recallExportQuery = z.object({
  batchId: id,
  format: withDefault(enumField(['csv', 'xlsx'] as const), 'csv'),
});

export interface TraceShipment {
  id: number;
  batchId: number;
  buyer: string;
  contact: string;
  quantity: number;
  unit: string;
  shippedOn: string;
  region: ShipmentRegion;
  place: string;
  notes: string;
  createdAt: number;
}
