import { Code, type LocalizedText } from '@farmpark/contracts';
import { ApiError, notFound } from '../../../http/apiError';

/** The row, or 1005 naming the field it came in and its kind (`id 7: planting not found`). */
export async function found<R>(row: Promise<R | undefined>, field: string, id: number, kind: string): Promise<R> {
  const r = await row;
  if (!r) throw notFound(`${field} ${id}: ${kind}`);
  return r;
}

/**
 * Checks rows before a removal, in order: each must be the caller's (`find` refuses otherwise) and used by
 * nothing, or the removal is refused (1006, rule `inUse`) with the sentence `refusal` gives for it, which
 * names the row, the count and what to do instead.
 */
export async function refuseInUse<R>(
  ids: readonly number[],
  find: (id: number) => Promise<R>,
  uses: (id: number) => Promise<number>,
  refusal: (row: R, count: number) => LocalizedText & { value: string },
): Promise<void> {
  for (const id of ids) {
    const row = await find(id);
    const count = await uses(id);
    if (count === 0) continue;
    const { value, ...text } = refusal(row, count);
    throw new ApiError(Code.CONFLICT, text, { field: 'id', rule: 'inUse', params: { count, value } });
  }
}
