import { z } from 'zod';
import { id, idList, pageQuery } from '../envelope';
import { named, ruleIssue } from '../errorDetail';
import { boolField, enumField, intField, listOf, nullable, numberField, optional, withDefault } from '../requestValues';
import { dayField, exportFormat, optText, parkPageQuery, signedQuantityField, text } from './stockFields';

/**
 * Production materials (fertilisers, pesticides, seeds, others), their stock ledger and suppliers
 * (/productionManagement/materiel and /supplier). Stock is an append-only ledger of signed moves; a
 * material's balance never goes below zero.
 */
export const MATERIAL_KINDS = ['fertiliser', 'pesticide', 'seed', 'other'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const STOCK_MOVE_KINDS = ['in', 'out', 'adjust'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

const materialFields = z.object({
  groupId: id,
  kind: enumField(MATERIAL_KINDS),
  name: text(100, 1),
  unit: text(20, 1),
  spec: optText(100),
  registrationNo: optText(50),
  safetyDays: withDefault(
    intField((n) => n.min(0).max(365)),
    0,
  ),
  lowStock: withDefault(
    numberField((n) => n.min(0).max(1e9)),
    0,
  ),
  remark: optText(500),
});
export const addMaterialBody = materialFields;
export type AddMaterialBody = z.infer<typeof addMaterialBody>;
export const alterMaterialBody = materialFields.extend({ id });
export type AlterMaterialBody = z.infer<typeof alterMaterialBody>;
export const removeIdsBody = z.object({ id: idList });

export const materialListQuery = parkPageQuery.extend({
  kind: optional(enumField(MATERIAL_KINDS)),
  /** Only materials at or below their low-stock threshold. */
  low: withDefault(boolField(), false),
});
export type MaterialListQuery = z.infer<typeof materialListQuery>;
export const materialExportQuery = materialListQuery.extend({ format: exportFormat });

export interface Material {
  id: number;
  groupId: number;
  kind: MaterialKind;
  name: string;
  unit: string;
  spec: string;
  registrationNo: string;
  safetyDays: number;
  lowStock: number;
  stock: number;
  /** stock <= lowStock (with a threshold above 0). */
  low: boolean;
  remark: string;
  /** Suppliers that supply it (ids), for the form. */
  supplierIds: number[];
}

/**
 * A delivery (in, quantity above 0, with supplier, batch and expiry) or a counted correction (adjust,
 * signed, with a reason); outs come only from farm work done.
 */
/**
 * The reason of the ledger row that returns a removed done work's materials: a code (with the work's
 * number), phrased in the reader's language by the console and the export.
 */
export const workRemovedReason = (farmWorkId: number) => `farmWorkRemoved:${farmWorkId}`;
export const workRemovedId = (reason: string): number | null => {
  const m = /^farmWorkRemoved:(\d+)$/.exec(reason);
  return m ? Number(m[1]) : null;
};

export const addStockMoveBody = z
  .object({
    kind: enumField(['in', 'adjust']),
    materialId: id,
    quantity: signedQuantityField(),
    supplierId: nullable(id),
    batchNo: optText(50),
    expiresOn: nullable(dayField()),
    reason: optText(200),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'in' && v.quantity <= 0) ctx.addIssue(ruleIssue(['quantity'], 'moreThan', { min: 0 }));
    if (v.kind === 'adjust' && v.reason === '') ctx.addIssue(ruleIssue(['reason'], 'required'));
  });
export type AddStockMoveBody = z.infer<typeof addStockMoveBody>;

export const stockMoveListQuery = z.object({
  materialId: id,
  kind: optional(enumField(STOCK_MOVE_KINDS)),
  ...pageQuery.shape,
});
export const stockMoveExportQuery = z.object({
  materialId: id,
  kind: optional(enumField(STOCK_MOVE_KINDS)),
  format: exportFormat,
});

export interface StockMove {
  id: number;
  materialId: number;
  kind: StockMoveKind;
  /** Signed: in > 0, out < 0. */
  quantity: number;
  /** The balance right after this move. */
  balance: number;
  supplierId: number | null;
  supplierName: string | null;
  batchNo: string;
  expiresOn: string | null;
  farmWorkId: number | null;
  reason: string;
  operator: string;
  at: number;
}

// Suppliers
const phone = withDefault(
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9 -]{5,20}$/.test(v), named('phone')),
  '',
);
const supplierFields = z.object({
  groupId: id,
  name: text(100, 1),
  contact: optText(50),
  phone,
  address: optText(200),
  licence: optText(100),
  remark: optText(500),
  materialIds: withDefault(listOf(id), []),
});
export const addSupplierBody = supplierFields;
export type AddSupplierBody = z.infer<typeof addSupplierBody>;
export const alterSupplierBody = supplierFields.extend({ id });
export type AlterSupplierBody = z.infer<typeof alterSupplierBody>;
export const supplierListQuery = parkPageQuery;
export const supplierExportQuery = parkPageQuery.extend({ format: exportFormat });

export interface Supplier {
  id: number;
  groupId: number;
  name: string;
  contact: string;
  phone: string;
  address: string;
  licence: string;
  remark: string;
  materialIds: number[];
  materialNames: string[];
}

/** Options for selects (materials of a park, suppliers of a park). */
export const parkOptionsQuery = z.object({ groupId: id });
export interface MaterialOption {
  id: number;
  kind: MaterialKind;
  name: string;
  spec: string;
  unit: string;
  stock: number;
  safetyDays: number;
}
export interface NamedOption {
  id: number;
  name: string;
}
