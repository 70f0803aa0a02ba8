import { Code, type LocalizedText } from '@farmpark/contracts';
import { ApiError, notFound } from '../../../http/apiError';

/** The row, or 1005 naming the field it came in and its kind (`id 7: planting not found`). */
export async function found<R>(row: Promise<R | undefined>, field: string, id: number, kind: string): Promise<R> {
  const r = await row;
  if (!r) throw notFound(`${field} ${id}: ${kind}`);
  return r;
}

/** Why a row still in use cannot be removed, and what to do instead. */
const IN_USE = {
  crop: (name: string, n: number): LocalizedText => ({
    zh: `作物“${name}”有 ${n} 个种植记录，不能删除`,
    en: `The crop "${name}" has ${n} plantings and cannot be removed`,
  }),
  planting: (name: string, n: number): LocalizedText => ({
    zh: `种植“${name}”已有 ${n} 条采收或农事记录，不能删除；可将状态改为已结束`,
    en: `The planting "${name}" has ${n} harvest or farm work records and cannot be removed; end it instead`,
  }),
  person: (name: string, n: number): LocalizedText => ({
    zh: `${name} 已参与 ${n} 条采收或农事记录，不能删除；可将其状态设为离职`,
    en: `${name} is on ${n} harvest or farm work records and cannot be removed; set them as left instead`,
  }),
};

/**
 * Checks rows before a removal, in order: `check` gives each row's name and how many records use it (and
 * refuses a row the caller may not see); a row in use refuses the whole removal (1006, rule `inUse`).
 */
export async function refuseInUse(
  ids: readonly number[],
  kind: keyof typeof IN_USE,
  check: (id: number) => Promise<{ name: string; uses: number }>,
): Promise<void> {
  for (const id of ids) {
    const { name, uses } = await check(id);
    if (uses > 0)
      throw new ApiError(Code.CONFLICT, IN_USE[kind](name, uses), {
        field: 'id',
        rule: 'inUse',
        params: { count: uses, value: name },
      });
  }
}
