import { stockEn } from '../pages/production/stock/texts.en-US';
import { stockZh } from '../pages/production/stock/texts.zh-CN';

/**
 * The consumer pages' texts. No i18next here (it and the console's texts would double the page's
 * weight): the language comes from the browser once, zh-CN unless it prefers something else than Chinese.
 * Farm-work types are phrased by production's own texts, so the words match the console.
 */
const zh = {
  title: { OC: '产品溯源', TC: '一树一码' },
  loading: '正在查询…',
  failed: '查询失败，请检查网络后重试',
  retry: '重试',
  noCode: '缺少溯源码，请重新扫描标签上的二维码',
  scans: (n: number, first: string) => `此码已被查询 ${n} 次，首次查询于 ${first}`,
  firstScan: '这是此码的首次查询',
  status: {
    unknown: '未找到此码：它不是本平台发放的溯源码，请谨防假冒',
    void: '此码已作废，商品可能不是正品，请谨慎购买',
    suspected: '此码被查询的次数或地点异常，可能被复制，请谨防假冒',
    withdrawn: '该批次的溯源信息已被生产者撤回',
  },
  product: '产品',
  lot: '批次',
  gtin: '商品条码',
  certificate: '承诺达标合格证',
  certFields: {
    product: '产品',
    quantity: '数量',
    producer: '生产者',
    origin: '产地',
    contact: '联系方式',
    issuedOn: '开具日期',
    pledge: '承诺',
    basis: '承诺依据',
  },
  basis: { ownControl: '自我质量控制', ownTest: '自行检测合格', labTest: '委托检测合格' },
  farm: '产地与园区',
  plots: '地块',
  plantings: '种植',
  sownOn: '播种',
  transplantedOn: '移栽',
  timeline: '农事与投入品',
  machine: '设备记录',
  water: (m3: number) => `用水 ${m3} 立方米`,
  harvests: '采收',
  reports: '检测报告',
  reportPass: '合格',
  reportFail: '不合格',
  validUntil: '有效期至',
  viewReport: '查看报告',
  videos: '溯源视频',
  tree: '树木信息',
  species: '树种',
  variety: '品种',
  plantedYear: '种植年份',
  age: (n: number) => `约 ${n} 年树龄`,
  park: '园区',
  plot: '地块',
  photos: '照片',
  care: '养护记录',
  noCare: '暂无养护记录',
  code: '溯源码',
  published: '信息发布于',
  workType: stockZh.productionStock.workType,
};
export type PublicTexts = typeof zh;

const en: PublicTexts = {
  title: { OC: 'Product traceability', TC: 'One tree one code' },
  loading: 'Looking up…',
  failed: 'The lookup failed. Check the network and try again.',
  retry: 'Try again',
  noCode: 'No trace code: scan the QR code on the label again',
  scans: (n: number, first: string) => `This code has been checked ${n} times, first on ${first}`,
  firstScan: 'This is the first check of this code',
  status: {
    unknown: 'Unknown code: it was not issued on this platform. Beware of counterfeits.',
    void: 'This code has been voided: the product may not be genuine.',
    suspected: 'This code was checked unusually often or from far-apart places: it may have been copied.',
    withdrawn: 'The producer has withdrawn the traceability information of this batch.',
  },
  product: 'Product',
  lot: 'Lot',
  gtin: 'GTIN',
  certificate: 'Compliance certificate',
  certFields: {
    product: 'Product',
    quantity: 'Quantity',
    producer: 'Producer',
    origin: 'Origin',
    contact: 'Contact',
    issuedOn: 'Issued on',
    pledge: 'Pledge',
    basis: 'Basis',
  },
  basis: { ownControl: 'Own quality control', ownTest: 'Own test passed', labTest: 'Laboratory test passed' },
  farm: 'Origin and farm',
  plots: 'Plots',
  plantings: 'Plantings',
  sownOn: 'Sown',
  transplantedOn: 'Transplanted',
  timeline: 'Farm work and inputs',
  machine: 'Machine record',
  water: (m3: number) => `water ${m3} m³`,
  harvests: 'Harvest',
  reports: 'Inspection reports',
  reportPass: 'Passed',
  reportFail: 'Failed',
  validUntil: 'Valid until',
  viewReport: 'View report',
  videos: 'Videos',
  tree: 'The tree',
  species: 'Species',
  variety: 'Variety',
  plantedYear: 'Planted',
  age: (n: number) => `about ${n} years old`,
  park: 'Farm',
  plot: 'Plot',
  photos: 'Photos',
  care: 'Care records',
  noCare: 'No care records yet',
  code: 'Trace code',
  published: 'Published',
  workType: stockEn.productionStock.workType,
};

export type Lang = 'zh-CN' | 'en-US';
/** Chinese readers (any zh-*) get zh-CN; everyone else en-US. */
export function pickLang(languages: readonly string[]): Lang {
  const first = languages[0] ?? 'zh-CN';
  return first.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}
export const textsOf = (lang: Lang): PublicTexts => (lang === 'zh-CN' ? zh : en);
