import '../areaTexts';
import { type Material, type StockMove, workRemovedId } from '@farmpark/contracts';
import { Result, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getStockMoveList, stockMoveExportUrl } from '../../../../api/production';
import { ExportButtons } from '../../../../components/ExportButton';
import { usePagedList } from '../../../../components/table/usePagedList';
import { formatTime } from '../../../../utils/time';

const COLOR = { in: 'green', out: 'orange', adjust: 'blue' } as const;
const qty = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The ledger of one material, newest first: every move with the balance right after it. */
export default function StockLedger({ material }: { material: Material }) {
  const { t } = useTranslation();
  const lbl = (k: string) => t(`productionStock.move.${k}`);
  const { q, table } = usePagedList(['productionStock', 'ledger', material.id], (page) =>
    getStockMoveList({ materialId: material.id, ...page }),
  );
  if (q.isError) return <Result status="warning" title={(q.error as Error).message} data-testid="ledger-error" />;
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <ExportButtons testId="ledger" url={(f) => stockMoveExportUrl(material.id, f)} />
      </div>
      <Table<StockMove>
        rowKey="id"
        size="small"
        {...table}
        scroll={{ x: 1060 }}
        locale={{ emptyText: lbl('empty') }}
        data-testid="ledger-table"
        columns={[
          { title: lbl('at'), dataIndex: 'at', width: 150, render: (v: number) => formatTime(v) },
          {
            title: lbl('kind'),
            dataIndex: 'kind',
            width: 90,
            render: (v: StockMove['kind']) => <Tag color={COLOR[v]}>{lbl(`kindValue.${v}`)}</Tag>,
          },
          {
            title: `${lbl('quantity')} (${material.unit})`,
            dataIndex: 'quantity',
            width: 100,
            align: 'right',
            render: (v: number) => <span data-testid="ledger-quantity">{qty(v)}</span>,
          },
          {
            title: lbl('balance'),
            dataIndex: 'balance',
            width: 90,
            align: 'right',
            render: (v: number) => <span data-testid="ledger-balance">{v}</span>,
          },
          { title: lbl('supplier'), dataIndex: 'supplierName', width: 140, render: (v: string | null) => v ?? '—' },
          { title: lbl('batchNo'), dataIndex: 'batchNo', width: 100 },
          { title: lbl('expiresOn'), dataIndex: 'expiresOn', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: lbl('reason'),
            key: 'reason',
            width: 160,
            ellipsis: true,
            render: (_, m) => {
              const removed = workRemovedId(m.reason);
              if (removed !== null) return t('productionStock.move.workRemoved', { id: removed });
              return m.farmWorkId ? `${lbl('farmWork')} #${m.farmWorkId}` : m.reason;
            },
          },
          { title: lbl('operator'), dataIndex: 'operator', width: 100 },
        ]}
      />
    </>
  );
}
