import { z } from 'zod';
import { idField, intField, listOf, withDefault } from './requestValues';

/** Every API response: `{code, msg, data}`; `code` 0 is success (SPEC §8). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

/** Paged list requests and responses (ARCHITECTURE: get<Entity>List). */
export const pageQuery = z.object({
  pageNum: withDefault(
    intField((n) => n.min(1)),
    1,
  ),
  pageSize: withDefault(
    intField((n) => n.min(1).max(500)),
    20,
  ),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
export interface Paged<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * Ids arrive as numbers in JSON and as strings in form bodies and query strings;
 * both are accepted and normalised to a positive integer (see requestValues).
 */
export const id = idField();
/** `remove<Entity>` accepts one id, a list, or a comma-separated string. */
export const idList = listOf(id, (a) => a.min(1));
