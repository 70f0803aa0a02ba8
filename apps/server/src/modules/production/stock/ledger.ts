import { Code, roundQty, type StockMoveKind } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { ApiError, notFound } from '../../../http/apiError';
import type { AuthContext } from '../../auth/sessions';
import * as repo from './materialsRepo';

/**
 * The one writer of the stock ledger. Every move reads the material's balance, refuses a move that
 * would take it below zero, and writes the new balance with the ledger row; callers run it inside
 * their transaction, so a refusal rolls back everything they wrote before it. On PostgreSQL the
 * material row is locked for the transaction (two farm works done at once cannot both take the last
 * litre); SQLite runs one write transaction at a time anyway.
 */
export interface StockMove {
  materialId: number;
  kind: StockMoveKind;
  /** Signed, in the material's unit. */
  quantity: number;
  supplierId?: number | null;
  batchNo?: string;
  expiresOn?: string | null;
  farmWorkId?: number | null;
  reason?: string;
  /** When it happened (demo history); now by default. */
  at?: number;
}
export interface LedgerActor {
  merchantId: number;
  groupId: number;
  userId: number | null;
  operator: string;
}

/** A signed-in caller writing to the ledger of one of its parks. */
export const actorOf = (auth: AuthContext, groupId: number): LedgerActor => ({
  merchantId: auth.merchantId,
  groupId,
  userId: auth.userId,
  operator: auth.loginName,
});

/** The detail of a refusal: which material and how much is left, phrased by the console under `field`. */
export function outOfStock(field: string, m: { name: string; unit: string; stock: number }, asked: number) {
  const left = roundQty(m.stock);
  return new ApiError(
    Code.CONFLICT,
    {
      zh: `${field}: 超出库存：${m.name}仅剩 ${left} ${m.unit}（需要 ${asked} ${m.unit}）`,
      en: `${field}: more than is in stock: ${m.name} has ${left} ${m.unit} left (${asked} needed)`,
    },
    { field, rule: 'outOfStock', params: { material: m.name, left, unit: m.unit, asked } },
  );
}

export async function moveStock(trx: Db, who: LedgerActor, move: StockMove, field = 'quantity'): Promise<number> {
  const park = { merchantId: who.merchantId, groupIds: [who.groupId] };
  const m = await repo.materialForMove(trx, park, move.materialId);
  if (!m) throw notFound(`materialId ${move.materialId}: material`);
  const stock = Number(m.stock);
  const balance = roundQty(stock + move.quantity);
  if (balance < 0) throw outOfStock(field, { ...m, stock }, roundQty(-move.quantity));
  await repo.writeMove(trx, park, {
    merchant_id: who.merchantId,
    group_id: who.groupId,
    material_id: m.id,
    kind: move.kind,
    quantity: roundQty(move.quantity),
    balance,
    supplier_id: move.supplierId ?? null,
    batch_no: move.batchNo ?? '',
    expires_on: move.expiresOn ?? null,
    farm_work_id: move.farmWorkId ?? null,
    reason: move.reason ?? '',
    user_id: who.userId,
    operator: who.operator,
    at: move.at ?? Date.now(),
  });
  return balance;
}
