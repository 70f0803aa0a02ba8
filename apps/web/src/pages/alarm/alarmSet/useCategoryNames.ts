import { PEST_KINDS } from '@farmpark/contracts';
import { useQueries } from '@tanstack/react-query';
import { categoriesQuery } from '../../../api/pestCategories';

/**
 * The merchant's pest category names by id, for the trap count rules of the list (a rule keeps only the id).
 * Asked quietly: a user without the pest pages sees "#id" instead of an error.
 */
export function useCategoryNames(): (categoryId: number) => string | undefined {
  const lists = useQueries({
    queries: PEST_KINDS.map((kind) => ({ ...categoriesQuery(kind, { silent: true }), retry: false })),
  });
  const names = new Map(lists.flatMap((q) => (q.data ?? []).map((c) => [c.categoryId, c.name] as const)));
  return (categoryId) => names.get(categoryId);
}
