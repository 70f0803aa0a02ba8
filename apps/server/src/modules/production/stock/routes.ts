import {
  addMaterialBody,
  addStockMoveBody,
  addSupplierBody,
  alterMaterialBody,
  alterSupplierBody,
  materialExportQuery,
  materialListQuery,
  parkOptionsQuery,
  removeIdsBody,
  stockMoveExportQuery,
  stockMoveListQuery,
  supplierExportQuery,
  supplierListQuery,
  workRemovedId,
} from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { type ExportColumn, type ExportRow, exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { ModuleDeps } from '../../context';
import { zoneOfPark } from '../../parks/repo';
import { logged } from '../auditLog';
import { MATERIAL_COLUMNS, MOVE_COLUMNS, SUPPLIER_COLUMNS } from './exportColumns';
import {
  addMaterial,
  addStockMove,
  alterMaterial,
  listMaterials,
  listMoves,
  materialExportRows,
  materialOptions,
  removeMaterials,
  visibleMaterial,
} from './materials';
import {
  addSupplier,
  alterSupplier,
  listSuppliers,
  removeSuppliers,
  supplierExportRows,
  supplierOptions,
} from './suppliers';

export const MATERIEL = '/productionManagement/materiel';
export const SUPPLIER = '/productionManagement/supplier';
const P = '/api/merchant/production';

/** Rows already read (a park's materials or suppliers are a bounded list) as the writer's stream. */
export async function* rowsOf(rows: ExportRow[]): AsyncIterable<ExportRow> {
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

/** Materials with their stock ledger, and suppliers. */
export function productionStockRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const { db } = deps;
  const m = { config: { permitUrl: MATERIEL } };
  const s = { config: { permitUrl: SUPPLIER } };

  r.get(`${P}/material/getMaterialList`, { ...m, schema: { tags, querystring: materialListQuery } }, async (req) =>
    ok(await listMaterials(db, authOf(req), req.query)),
  );
  // materials are chosen in farm work and supplier forms too
  r.get(
    `${P}/material/getMaterialOptions`,
    { config: { permitUrl: null }, schema: { tags, querystring: parkOptionsQuery } },
    async (req) => ok(await materialOptions(db, authOf(req), req.query.groupId)),
  );
  r.post(`${P}/material/addMaterial`, { ...m, schema: { tags, body: addMaterialBody } }, async (req) =>
    ok(await logged(db, req, 'material', 'add', () => addMaterial(db, authOf(req), req.body), { name: req.body.name })),
  );
  r.post(`${P}/material/alterMaterial`, { ...m, schema: { tags, body: alterMaterialBody } }, async (req) =>
    ok(
      await logged(db, req, 'material', 'alter', () => alterMaterial(db, authOf(req), req.body), {
        id: req.body.id,
        name: req.body.name,
      }),
    ),
  );
  r.post(`${P}/material/removeMaterial`, { ...m, schema: { tags, body: removeIdsBody } }, async (req) =>
    ok(
      await logged(db, req, 'material', 'remove', () => removeMaterials(db, authOf(req), req.body.id), {
        id: req.body.id,
      }),
    ),
  );
  r.get(
    `${P}/material/exportMaterialList`,
    { ...m, schema: { tags, querystring: materialExportQuery } },
    async (req, reply) => {
      const { format, pageNum: _n, pageSize: _s, ...q } = req.query;
      const rows = await materialExportRows(db, authOf(req), q);
      return exportFile(
        req,
        reply,
        deps,
        q.groupId,
        'materials',
        format,
        MATERIAL_COLUMNS,
        rows as unknown as ExportRow[],
      );
    },
  );
  r.get(`${P}/material/getStockMoveList`, { ...m, schema: { tags, querystring: stockMoveListQuery } }, async (req) =>
    ok(await listMoves(db, authOf(req), req.query)),
  );
  r.post(`${P}/material/addStockMove`, { ...m, schema: { tags, body: addStockMoveBody } }, async (req) =>
    ok(
      await logged(db, req, 'stockMove', 'add', () => addStockMove(db, authOf(req), req.body), {
        name: `${req.body.kind} ${req.body.quantity}`,
      }),
    ),
  );
  r.get(
    `${P}/material/exportStockMoveList`,
    { ...m, schema: { tags, querystring: stockMoveExportQuery } },
    async (req, reply) => {
      const auth = authOf(req);
      const mat = await visibleMaterial(db, auth, req.query.materialId);
      const rows: ExportRow[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await listMoves(db, auth, { ...req.query, pageNum, pageSize: 500 });
        const lang = exportLang(req);
        for (const mv of page.list) {
          const removed = workRemovedId(mv.reason);
          const reason =
            removed === null
              ? mv.reason
              : lang === 'zh'
                ? `农事 #${removed} 已删除，退回库存`
                : `farm work #${removed} removed, stock returned`;
          rows.push({ ...mv, reason } as unknown as ExportRow);
        }
        if (page.list.length < 500) break;
      }
      return exportFile(req, reply, deps, mat.group_id, `stock-${mat.name}`, req.query.format, MOVE_COLUMNS, rows);
    },
  );

  r.get(`${P}/supplier/getSupplierList`, { ...s, schema: { tags, querystring: supplierListQuery } }, async (req) =>
    ok(await listSuppliers(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/supplier/getSupplierOptions`,
    { config: { permitUrl: null }, schema: { tags, querystring: parkOptionsQuery } },
    async (req) => ok(await supplierOptions(db, authOf(req), req.query.groupId)),
  );
  r.post(`${P}/supplier/addSupplier`, { ...s, schema: { tags, body: addSupplierBody } }, async (req) =>
    ok(await logged(db, req, 'supplier', 'add', () => addSupplier(db, authOf(req), req.body), { name: req.body.name })),
  );
  r.post(`${P}/supplier/alterSupplier`, { ...s, schema: { tags, body: alterSupplierBody } }, async (req) =>
    ok(
      await logged(db, req, 'supplier', 'alter', () => alterSupplier(db, authOf(req), req.body), {
        id: req.body.id,
        name: req.body.name,
      }),
    ),
  );
  r.post(`${P}/supplier/removeSupplier`, { ...s, schema: { tags, body: removeIdsBody } }, async (req) =>
    ok(
      await logged(db, req, 'supplier', 'remove', () => removeSuppliers(db, authOf(req), req.body.id), {
        id: req.body.id,
      }),
    ),
  );
  r.get(
    `${P}/supplier/exportSupplierList`,
    { ...s, schema: { tags, querystring: supplierExportQuery } },
    async (req, reply) => {
      const { format, pageNum: _n, pageSize: _s, ...q } = req.query;
      const rows = (await supplierExportRows(db, authOf(req), q)).map((x) => ({
        ...x,
        materials: x.materialNames.join(', '),
      }));
      return exportFile(
        req,
        reply,
        deps,
        q.groupId,
        'suppliers',
        format,
        SUPPLIER_COLUMNS,
        rows as unknown as ExportRow[],
      );
    },
  );
}
