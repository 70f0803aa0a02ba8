import type {
  AcceptedSprayWindow,
  AcceptSprayWindowBody,
  DegreeDayList,
  DegreeDayListQuery,
  Et0List,
  Et0ListQuery,
  HarvestEffect,
  PestStages,
  PestStagesQuery,
  SetBiofixBody,
} from '@farmpark/contracts';
import { get, post } from './request';

/** Agronomy the server computes from a park's weather station (docs/IRRIGATION.md, docs/PESTS.md). */
export const getEt0List = (q: Et0ListQuery) => get<Et0List>('/api/merchant/agronomy/getEt0List', q);
export const getDegreeDayList = (q: DegreeDayListQuery) => get<DegreeDayList>('/api/merchant/pest/getDegreeDayList', q);

/** Biofix, stages and their forecast of a category in a park (docs/PESTS.md "Biofix and stages"). */
export const getPestStages = (q: PestStagesQuery) => get<PestStages>('/api/merchant/pest/getPestStages', q);
export const setBiofix = (b: SetBiofixBody) => post<unknown>('/api/merchant/pest/setBiofix', b);
export const clearBiofix = (b: PestStagesQuery) => post<unknown>('/api/merchant/pest/clearBiofix', b);

/** What a planned spray would do to the planned harvests of the plantings it covers. */
export const getSprayPlanEffect = (q: {
  groupId: number;
  areaPointId: number;
  plantingId?: number | null;
  plannedOn: string;
  materialIds: number[];
}) => get<HarvestEffect[]>('/api/merchant/pest/getSprayPlanEffect', { ...q, materialIds: q.materialIds.join(',') });
export const acceptSprayWindow = (b: Omit<AcceptSprayWindowBody, 'personnelIds'> & { personnelIds?: number[] }) =>
  post<AcceptedSprayWindow>('/api/merchant/pest/acceptSprayWindow', b);
