import type { Material, Paged, StockMove } from '@farmpark/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/jsdomShims';
import '../../../../i18n';
import { renderWithClient } from '../../../../test/renderWithClient';

const moves: StockMove[] = [
  {
    id: 3,
    materialId: 7,
    kind: 'out',
    quantity: -0.4,
    balance: 9.1,
    supplierId: null,
    supplierName: null,
    batchNo: '',
    expiresOn: null,
    farmWorkId: 15,
    reason: '',
    operator: 'demo',
    at: 1_780_000_000_000,
  },
  {
    id: 2,
    materialId: 7,
    kind: 'adjust',
    quantity: -0.5,
    balance: 9.5,
    supplierId: null,
    supplierName: null,
    batchNo: '',
    expiresOn: null,
    farmWorkId: null,
    reason: '盘点破损',
    operator: 'demo',
    at: 1_779_000_000_000,
  },
  {
    id: 1,
    materialId: 7,
    kind: 'in',
    quantity: 10,
    balance: 10,
    supplierId: 4,
    supplierName: '寿光农资',
    batchNo: 'B1',
    expiresOn: '2027-06-01',
    farmWorkId: null,
    reason: '',
    operator: 'demo',
    at: 1_778_000_000_000,
  },
];
const getStockMoveList = vi.fn(
  async (p: { materialId: number; pageNum: number; pageSize: number }): Promise<Paged<StockMove>> => ({
    list: moves,
    total: moves.length,
    pageNum: p.pageNum,
    pageSize: p.pageSize,
  }),
);
vi.mock('../../../../api/production', () => ({ getStockMoveList, stockMoveExportUrl: () => '/x' }));
const { default: StockLedger } = await import('./StockLedger');

const material = { id: 7, name: '吡虫啉', unit: 'kg' } as Material;

describe('StockLedger', () => {
  it('lists the moves newest first, signed, each with the balance after it and where it came from', async () => {
    renderWithClient(<StockLedger material={material} />);
    await screen.findByText('寿光农资');
    expect(getStockMoveList).toHaveBeenCalledWith({ materialId: 7, pageNum: 1, pageSize: 20 });
    expect(screen.getAllByTestId('ledger-quantity').map((e) => e.textContent)).toEqual(['-0.4', '-0.5', '+10']);
    expect(screen.getAllByTestId('ledger-balance').map((e) => e.textContent)).toEqual(['9.1', '9.5', '10']);
    // each balance is the one before it plus the move
    const q = moves.map((m) => m.quantity);
    expect(Math.round((moves[2].balance + q[1] + q[0]) * 1000) / 1000).toBe(moves[0].balance);
    expect(screen.getByText('农事 #15')).toBeTruthy();
    expect(screen.getByText('盘点破损')).toBeTruthy();
    expect(screen.getByText('出库')).toBeTruthy();
    expect(screen.getAllByText('数量 (kg)').length).toBeGreaterThan(0);
  });
});
