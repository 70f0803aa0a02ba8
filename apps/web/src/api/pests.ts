import type {
  AddDetectionBody,
  AlterDetectionBody,
  PestCategory,
  PestKind,
  PestStatistics,
  PestTrend,
  SqdOperateBody,
  SqdOperationResult,
  TrapImage,
  TrapImageDetail,
  TrapStatus,
} from '@farmpark/contracts';
import { get, post } from './request';

const P = '/api/merchant/pest';
export const getTrapStatusList = (groupId: number, kind: PestKind) =>
  get<TrapStatus[]>(`${P}/getTrapStatusList`, { groupId, kind });
export const getCategories = (kind: PestKind) => get<PestCategory[]>(`${P}/getCategoryAllList`, { kind });
export const getImageList = (deviceId: number, date: string) =>
  get<TrapImage[]>(`${P}/getImageList`, { deviceId, date });
export const getImageDetail = (imageId: number) => get<TrapImageDetail>(`${P}/getImageDetail`, { imageId });
export const addDetection = (b: AddDetectionBody) => post<TrapImageDetail>(`${P}/addDetection`, b, { json: true });
export const alterDetection = (b: AlterDetectionBody) =>
  post<TrapImageDetail>(`${P}/alterDetection`, b, { json: true });
export const removeDetection = (ids: number[]) =>
  post<{ removed: number }>(`${P}/removeDetection`, { ids }, { json: true });
type Range = { groupId: number; kind: PestKind; startTime: number; endTime: number; deviceId?: number };
export const getStatistics = (q: Range) => get<PestStatistics>(`${P}/getStatistics`, q);
export const getTrend = (q: Range) => get<PestTrend>(`${P}/getTrend`, q);
/** The SPEC's trap operations: they answer once the device did it, or fail with 1003 (shown by the client). */
export const operateInsect = (b: SqdOperateBody) => post<SqdOperationResult>('/sqdApi/insect/operate', b);
export const setInsectParam = (b: { deviceId: number; workStart?: string; workEnd?: string; photoInterval?: number }) =>
  post<SqdOperationResult>('/sqdApi/insect/param', b, { json: true });
export const updateSporeStatus = (b: { deviceId: number; status: 'capture' | 'changeSlide' }) =>
  post<SqdOperationResult>('/sqdApi/updateStatus', b);
export const imageUrl = (imageId: number, thumb = false) => `/api/merchant/image/${imageId}${thumb ? '/thumb' : ''}`;
