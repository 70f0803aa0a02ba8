import { removeIdsBody } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/connect';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { type ExportColumn, type ExportRow, exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import { zoneOfPark } from '../../parks/repo';
import { logged, type ProductionTarget } from '../auditLog';

/** The shapes the stock pages' routes share: writes with their system log line, and a park list's export. */
const tags = ['production'];

/** Rows already read (a park's materials or suppliers are a bounded list) as the writer's stream. */
async function* rowsOf(rows: ExportRow[]): AsyncIterable<ExportRow> {
  yield* rows;
}

/** One export in the park's zone and the reader's language. */
export async function exportFile(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: ModuleDeps,
  groupId: number,
  name: string,
  format: 'csv' | 'xlsx',
  columns: ExportColumn[],
  rows: ExportRow[],
) {
  const timeZone = await zoneOfPark(deps.db, groupId, deps.config.tzName);
  return sendExport(reply, {
    name: `${name}-${exportStamp(timeZone)}`,
    format,
    lang: exportLang(req),
    timeZone,
    columns,
    rows: rowsOf(rows),
  });
}

type Run<B> = (db: Db, auth: AuthContext, body: B) => Promise<object | null>;
type ExportQuery = { groupId: number; format: 'csv' | 'xlsx'; pageNum?: number; pageSize?: number };
type Filters<Q> = Omit<Q, 'format' | 'pageNum' | 'pageSize'>;

/**
 * The routes of one kind of record under `base` (e.g. `/api/merchant/production/material/`), on the page
 * `permitUrl`. Each write answers the service's result and leaves its line in the system log, naming the
 * record so the line still reads after it is gone.
 */
export function recordRoutes(
  app: FastifyInstance,
  deps: ModuleDeps,
  base: string,
  permitUrl: string,
  target: ProductionTarget,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permitUrl };
  const write = <B>(
    verb: 'add' | 'alter' | 'remove',
    url: string,
    body: z.ZodType<B>,
    run: Run<B>,
    about: (b: B) => { id?: number | number[]; name?: string },
  ) =>
    r.post(base + url, { config, schema: { tags, body } }, async (req) => {
      const b = req.body as B;
      return ok(await logged(deps.db, req, target, verb, () => run(deps.db, authOf(req), b), about(b)));
    });
  return {
    add: <B>(url: string, body: z.ZodType<B>, run: Run<B>, name: (b: B) => string) =>
      write('add', url, body, run, (b) => ({ name: name(b) })),
    alter: <B extends { id: number }>(url: string, body: z.ZodType<B>, run: Run<B>, name: (b: B) => string) =>
      write('alter', url, body, run, (b) => ({ id: b.id, name: name(b) })),
    remove: (url: string, run: (db: Db, auth: AuthContext, ids: number[]) => Promise<null>) =>
      write(
        'remove',
        url,
        removeIdsBody,
        (db, auth, b) => run(db, auth, b.id),
        (b) => ({ id: b.id }),
      ),
    /** A park list's export: the list's own filters (its paging set aside), as the file `name`. */
    export: <Q extends ExportQuery>(
      url: string,
      querystring: z.ZodType<Q>,
      file: { name: string; columns: ExportColumn[] },
      rows: (auth: AuthContext, q: Filters<Q>) => Promise<object[]>,
    ) =>
      r.get(base + url, { config, schema: { tags, querystring } }, async (req, reply) => {
        const { format, pageNum: _n, pageSize: _s, ...q } = req.query as Q;
        const list = (await rows(authOf(req), q)) as unknown as ExportRow[];
        return exportFile(req, reply, deps, q.groupId, file.name, format, file.columns, list);
      }),
  };
}

export const byName = (b: { name: string }) => b.name;
