import type { DegreeDayList, DegreeDayListQuery, Et0List, Et0ListQuery } from '@farmpark/contracts';
import { get } from './request';

/** Agronomy the server computes from a park's weather station (docs/IRRIGATION.md, docs/PESTS.md). */
export const getEt0List = (q: Et0ListQuery) => get<Et0List>('/api/merchant/agronomy/getEt0List', q);
export const getDegreeDayList = (q: DegreeDayListQuery) => get<DegreeDayList>('/api/merchant/pest/getDegreeDayList', q);
