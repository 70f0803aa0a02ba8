import type { SystemLogAction, SystemLogTarget } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited } from './service';

/** The verbs the system log knows for a family of actions: `add`, `alter`, `remove`... of `role`. */
type VerbOf<F extends string> = SystemLogAction extends infer A ? (A extends `${F}.${infer V}` ? V : never) : never;
/** Families the log can record a removal of (and, so far, an add and an alteration). */
type CrudFamily = SystemLogAction extends infer A ? (A extends `${infer F}.remove` ? F : never) : never;

export interface CrudSpec<F extends CrudFamily, Row extends { id: number }> {
  /** The family of its log actions: `role` logs role.add, role.alter and role.remove. */
  family: F;
  targetType: SystemLogTarget;
  /** What a 1005 says of a row that is not there, or not the caller's; by default `roleId 7: role`. */
  missing?: (id: number) => string;
  /** The row within the caller's scope (a repository's `find<Entity>`). */
  find: (db: Db, scope: Scope, id: number) => Promise<Row | undefined>;
  /** What the log's detail calls a row (a removal lists the rows it removed by it). */
  name: (row: Row) => string;
}

export interface AlterNote<T> {
  detail?: string;
  /** Names the change by its result (the log's detail). */
  describe?: (result: T) => { detail?: string };
  /** A check that comes before the row is read (a malformed body is refused as such, found or not). */
  first?: () => void;
}

/**
 * The list/add/alter/remove shape of the administration pages (roles, screens, accounts): each write reads
 * its row as the caller may see it (1005 otherwise) and leaves one system-log line, refused or not. A
 * service keeps only its own rules and writes.
 */
export function auditedCrud<F extends CrudFamily, Row extends { id: number }>(spec: CrudSpec<F, Row>) {
  const target = (verb: string, targetId?: string | number, detail?: string) => ({
    action: `${spec.family}.${verb}` as SystemLogAction,
    targetType: spec.targetType,
    targetId,
    detail,
  });

  async function load(db: Db, auth: AuthContext, id: number): Promise<Row> {
    const row = await spec.find(db, scopeOf(auth), id);
    if (!row) throw notFound(spec.missing?.(id) ?? `${spec.targetType}Id ${id}: ${spec.targetType}`);
    return row;
  }

  return {
    load,

    /** Adds a row; the log names what `run` made by `idOf`. */
    add<T>(
      db: Db,
      auth: AuthContext,
      meta: ClientMeta,
      detail: string,
      run: () => Promise<T>,
      idOf: (made: T) => number,
    ) {
      return audited(db, auth, meta, target('add', undefined, detail), run, (made) => ({
        targetId: idOf(made),
      }));
    },

    /** Changes row `id`, read first (after `note.first`). */
    alter<T>(
      db: Db,
      auth: AuthContext,
      meta: ClientMeta,
      id: number,
      run: (row: Row) => Promise<T>,
      note?: AlterNote<T>,
    ) {
      return audited(
        db,
        auth,
        meta,
        target('alter', id, note?.detail),
        async () => {
          note?.first?.();
          return run(await load(db, auth, id));
        },
        note?.describe,
      );
    },

    /** Another verb on one row (enable, reset a password...), read first; the log's detail is the row's name. */
    act(db: Db, auth: AuthContext, meta: ClientMeta, verb: VerbOf<F>, id: number, run: (row: Row) => Promise<void>) {
      return audited(
        db,
        auth,
        meta,
        target(verb, id),
        async () => {
          const row = await load(db, auth, id);
          await run(row);
          return spec.name(row);
        },
        (name) => ({ detail: name }),
      );
    },

    /**
     * Removes rows all or none: each is read first, so one the caller may not see refuses them all; the log
     * lists the removed rows by name. `first` checks the ids before any is read.
     */
    remove(
      db: Db,
      auth: AuthContext,
      meta: ClientMeta,
      ids: readonly number[],
      run: (rows: Row[]) => Promise<void>,
      first?: (ids: number[]) => void,
    ) {
      const unique = [...new Set(ids)];
      return audited(
        db,
        auth,
        meta,
        target('remove', unique.join(',')),
        async () => {
          first?.(unique);
          const rows = await Promise.all(unique.map((id) => load(db, auth, id)));
          await run(rows);
          return rows.map(spec.name);
        },
        (names) => ({ detail: names.join(', ') }),
      );
    },
  };
}
