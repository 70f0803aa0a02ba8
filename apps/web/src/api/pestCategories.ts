import type { PestKind } from '@farmpark/contracts';
import { getCategories } from './pests';
import type { RequestOptions } from './request';

/**
 * The merchant's pest categories of one kind as one cached query, for every page that lists or names them
 * (the pictures, degree days, the alarm rules). `silent` for a page that can do without them.
 */
export const categoriesQuery = (kind: PestKind, o?: Pick<RequestOptions, 'silent'>) => ({
  queryKey: ['pest-categories', kind] as const,
  queryFn: () => getCategories(kind, o),
});
