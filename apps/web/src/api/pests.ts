import type {
  AddCategoryBody,
  AddDetectionBody,
  AlterCategoryBody,
  AlterDetectionBody,
  Paged,
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
import { get, post, type RequestOptions } from './request';

const P = '/api/merchant/pest';
export const getTrapStatusList = (groupId: number, kind: PestKind) =>
  get<TrapStatus[]>(`${P}/getTrapStatusList`, { groupId, kind });
export const getCategories = (kind: PestKind, o?: Pick<RequestOptions, 'silent'>) =>
  get<PestCategory[]>(`${P}/getCategoryAllList`, { kind }, o);
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
export const getTrend = (q: Range, o?: Pick<RequestOptions, 'silent'>) => get<PestTrend>(`${P}/getTrend`, q, o);
/** The SPEC's trap operations: they answer once the device did it, or fail with 1003 (shown by the client). */
export const operateInsect = (b: SqdOperateBody) => post<SqdOperationResult>('/sqdApi/insect/operate', b);
export const setInsectParam = (b: { deviceId: number; workStart?: string; workEnd?: string; photoInterval?: number }) =>
  post<SqdOperationResult>('/sqdApi/insect/param', b, { json: true });
export const updateSporeStatus = (b: { deviceId: number; status: 'capture' | 'changeSlide' }) =>
  post<SqdOperationResult>('/sqdApi/updateStatus', b);
export const imageUrl = (imageId: number, thumb = false) => `/api/merchant/image/${imageId}${thumb ? '/thumb' : ''}`;
export const getCategoryList = (
  q: Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number },
) => get<Paged<PestCategory>>(`${P}/getCategoryList`, q);
export const addCategory = (b: AddCategoryBody) => post<PestCategory>(`${P}/addCategory`, b, { silent: true });
export const alterCategory = (b: AlterCategoryBody) => post<PestCategory>(`${P}/alterCategory`, b, { silent: true });
export const removeCategories = (ids: number[]) => post<unknown>(`${P}/removeCategory`, { ids });
/** Sends the picture's bytes as they are (JPEG or PNG); the server makes the thumbnail. */
export const uploadCategoryPicture = (categoryId: number, file: Blob) =>
  post<PestCategory>(`${P}/uploadCategoryPicture/${categoryId}`, undefined, { blob: file });
/** The picture's thumbnail; `sha` changes with the picture so the browser does not show an old one. */
export const categoryPictureUrl = (c: Pick<PestCategory, 'categoryId' | 'pictureSha'>) =>
  `${P}/categoryPicture/${c.categoryId}?v=${c.pictureSha ?? ''}`;
