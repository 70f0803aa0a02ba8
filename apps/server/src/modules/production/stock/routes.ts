import {
  addMaterialBody,
  addStockMoveBody,
  addSupplierBody,
  alterMaterialBody,
  alterSupplierBody,
  materialExportQuery,
  materialListQuery,
  parkOptionsQuery,
  stockMoveExportQuery,
  stockMoveListQuery,
  supplierExportQuery,
  supplierListQuery,
  workRemovedId,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { type ExportRow, exportLang } from '../../../http/exportWriter';
import type { ModuleDeps } from '../../context';
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
import { byName, exportFile, recordRoutes } from './routeShapes';
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
  const material = recordRoutes(app, deps, `${P}/material/`, MATERIEL, 'material');
  material.add('addMaterial', addMaterialBody, addMaterial, byName);
  material.alter('alterMaterial', alterMaterialBody, alterMaterial, byName);
  material.remove('removeMaterial', removeMaterials);
  const materialFile = { name: 'materials', columns: MATERIAL_COLUMNS };
  material.export('exportMaterialList', materialExportQuery, materialFile, (auth, q) =>
    materialExportRows(db, auth, q),
  );
  r.get(`${P}/material/getStockMoveList`, { ...m, schema: { tags, querystring: stockMoveListQuery } }, async (req) =>
    ok(await listMoves(db, authOf(req), req.query)),
  );
  const moves = recordRoutes(app, deps, `${P}/material/`, MATERIEL, 'stockMove');
  moves.add('addStockMove', addStockMoveBody, addStockMove, (b) => `${b.kind} ${b.quantity}`);
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
  const supplier = recordRoutes(app, deps, `${P}/supplier/`, SUPPLIER, 'supplier');
  supplier.add('addSupplier', addSupplierBody, addSupplier, byName);
  supplier.alter('alterSupplier', alterSupplierBody, alterSupplier, byName);
  supplier.remove('removeSupplier', removeSuppliers);
  const supplierFile = { name: 'suppliers', columns: SUPPLIER_COLUMNS };
  supplier.export('exportSupplierList', supplierExportQuery, supplierFile, async (auth, q) =>
    (await supplierExportRows(db, auth, q)).map((x) => ({ ...x, materials: x.materialNames.join(', ') })),
  );
}
