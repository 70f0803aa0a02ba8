import type {
  AggregateResult,
  DataFamily,
  DeviceClass,
  DeviceParamConfig,
  Paged,
  ParamDataRow,
  SeriesInterval,
  SeriesResult,
} from '@farmpark/contracts';
import i18n, { isEnglish } from '../i18n';
import { get, type RequestOptions } from './request';

const BASE = '/api/merchant';

/** Where a page's devices come from: a SPEC §7 data family, or any class through `terminal/data`. */
export type DataSource = { family: DataFamily } | { deviceClass: DeviceClass };

export const sourceKey = (s: DataSource): string => ('family' in s ? s.family : s.deviceClass);
const lang = () => (isEnglish(i18n.language) ? 'en' : 'zh');

export const getInitParamConfigList = (source: DataSource, groupId: number, o?: Pick<RequestOptions, 'silent'>) =>
  'family' in source
    ? get<DeviceParamConfig[]>(`${BASE}/${source.family}/getInitParamConfigList`, { groupId, lang: lang() }, o)
    : get<DeviceParamConfig[]>(
        `${BASE}/terminal/data/getInitParamConfigList`,
        { groupId, deviceClass: source.deviceClass, lang: lang() },
        o,
      );

export interface RangeQuery {
  startTime: number;
  endTime: number;
}

export const getParamDataList = (
  source: DataSource,
  q: RangeQuery & { deviceId: number; keys: string[]; pageNum: number; pageSize: number },
) =>
  get<Paged<ParamDataRow>>(
    'family' in source ? `${BASE}/${source.family}/getParamDataList` : `${BASE}/terminal/data/getParamDataList`,
    { ...q, keys: q.keys.join(',') },
  );

export const getSeries = (q: RangeQuery & { deviceIds: number[]; keys: string[]; interval?: SeriesInterval }) =>
  get<SeriesResult>(`${BASE}/terminal/data/getSeries`, {
    ...q,
    deviceIds: q.deviceIds.join(','),
    keys: q.keys.join(','),
    interval: q.interval ?? 'auto',
  });

export type AggregateInterval = 'hour' | 'day' | 'month';

export const getAggregateList = (
  q: RangeQuery & { deviceIds: number[]; keys: string[]; interval: AggregateInterval },
) =>
  get<AggregateResult>(`${BASE}/terminal/data/getAggregateList`, {
    ...q,
    deviceIds: q.deviceIds.join(','),
    keys: q.keys.join(','),
  });

/** The export address (streamed by utils/download so the page can show the bytes arriving). */
export function exportParamDataUrl(q: RangeQuery & { deviceId: number; keys: string[]; format: 'csv' | 'xlsx' }) {
  const qs = new URLSearchParams({
    deviceId: String(q.deviceId),
    startTime: String(q.startTime),
    endTime: String(q.endTime),
    keys: q.keys.join(','),
    format: q.format,
    lang: lang(),
  });
  return `${BASE}/terminal/data/exportParamData?${qs}`;
}
