import '../../production/core/areaTexts';
import '../areaTexts';
import {
  addBatchBody,
  batchFields,
  CERTIFICATE_BASES,
  type TraceBatchDetail,
  updateBatchBody,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Input, InputNumber, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addBatch,
  type BatchInput,
  getBatchList,
  getBatchOptions,
  removeBatch,
  updateBatch,
} from '../../../api/tracing';
import CrudPage from '../../../components/CrudPage';
import { sameBodySaves } from '../../../components/CrudPage/saves';
import type { CrudApi } from '../../../components/CrudPage/types';
import { useParkStore } from '../../../stores/park';
import DetailDrawer from './DetailDrawer';
import { HarvestSelect, RecordSelect } from './LinkSelects';
import PublishDialog from './PublishDialog';
import WithdrawDialog from './WithdrawDialog';

/** Traceability > trace batches: what was harvested where, with its records; publish a frozen snapshot. */
export default function TraceBatchPage() {
  const groupId = useParkStore((s) => s.activeGroupId);
  const { t } = useTranslation();
  if (groupId === null)
    return (
      <Card>
        <Empty description={t('traceBatch.noPark')} />
      </Card>
    );
  return <BatchList key={groupId} groupId={groupId} />;
}

const STATUS_COLOR = { draft: 'default', published: 'green', withdrawn: 'orange' } as const;

function BatchList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceBatch.${k}`, o);
  const options = useQuery({ queryKey: ['trace', 'batchOptions', groupId], queryFn: () => getBatchOptions(groupId) });
  const [detail, setDetail] = useState<TraceBatchDetail | null>(null);
  const [publishing, setPublishing] = useState<{ batch: TraceBatchDetail; api: CrudApi } | null>(null);
  const s = batchFields.shape;
  const o = options.data;
  const [withdrawing, setWithdrawing] = useState<{ batch: TraceBatchDetail; api: CrudApi } | null>(null);
  return (
    <>
      <CrudPage<TraceBatchDetail, BatchInput>
        testId="batch"
        rowKey="id"
        fetchList={(p) => getBatchList({ ...p, groupId })}
        remove={removeBatch}
        rowLabel={(b) => `${b.productName} ${b.lot}`}
        keyword={lbl('keyword')}
        actionsWidth={300}
        columns={[
          { title: lbl('productName'), dataIndex: 'productName', ellipsis: true },
          { title: lbl('lot'), dataIndex: 'lot', width: 150 },
          { title: lbl('gtin'), dataIndex: 'gtin', width: 150, render: (v: string | null) => v ?? '—' },
          {
            title: lbl('quantity'),
            key: 'quantity',
            width: 120,
            render: (_, b) =>
              b.harvestQuantity
                .map((q) => `${q.quantity} ${t(`production.harvest.units.${q.unit}`, { defaultValue: q.unit })}`)
                .join('、') || '—',
          },
          {
            title: lbl('status'),
            key: 'status',
            width: 170,
            render: (_, b) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOR[b.status]} data-testid={`batch-status-${b.id}`}>
                  {lbl(`statusValue.${b.status}`)}
                  {b.published && b.status === 'published'
                    ? ` · ${lbl('version', { version: b.published.version })}`
                    : ''}
                </Tag>
                {b.changedSincePublish && b.status === 'published' && (
                  <Tooltip title={lbl('changed')}>
                    <Tag color="gold">{lbl('republish')}</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
        ]}
        rowActions={(b, api) => (
          <>
            <Button type="link" size="small" onClick={() => setDetail(b)} data-testid={`batch-detail-${b.id}`}>
              {lbl('detail')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => setPublishing({ batch: b, api })}
              data-testid={`batch-publish-${b.id}`}
            >
              {lbl(b.status === 'published' ? 'republish' : 'publish')}
            </Button>
            {b.status === 'published' && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setWithdrawing({ batch: b, api })}
                data-testid={`batch-unpublish-${b.id}`}
              >
                {lbl('unpublish')}
              </Button>
            )}
          </>
        )}
        form={{
          width: 900,
          initialValues: { plantingIds: [], harvestIds: [], reportIds: [], videoIds: [], basis: [], certUnit: 'kg' },
          toValues: (b) => ({ ...b }),
          ...sameBodySaves({
            add: addBatchBody,
            alter: updateBatchBody,
            toInput: (v: BatchInput) => clean(v, groupId),
            create: addBatch,
            update: updateBatch,
          }),
          fields: [
            { name: 'productName', label: lbl('productName'), required: true, schema: s.productName, input: <Input /> },
            { name: 'lot', label: lbl('lot'), required: true, schema: s.lot, input: <Input /> },
            {
              name: 'gtin',
              label: lbl('gtin'),
              schema: s.gtin,
              extra: lbl('gtinHelp'),
              input: <Input inputMode="numeric" />,
            },
            {
              name: 'plantingIds',
              label: lbl('plantings'),
              span: 24,
              input: <RecordSelect testId="batch-plantings" items={o?.plantings ?? []} />,
            },
            { name: 'harvestIds', label: lbl('harvests'), span: 24, input: <HarvestSelect options={o} /> },
            {
              name: 'reportIds',
              label: lbl('reports'),
              input: <RecordSelect testId="batch-reports" items={o?.reports ?? []} />,
            },
            {
              name: 'videoIds',
              label: lbl('videos'),
              input: (
                <RecordSelect
                  testId="batch-videos"
                  items={(o?.videos ?? []).map((v) => ({ id: v.id, label: v.title }))}
                />
              ),
            },
            { name: 'producer', label: lbl('producer'), schema: s.producer, input: <Input /> },
            { name: 'origin', label: lbl('origin'), schema: s.origin, input: <Input /> },
            {
              name: 'certQuantity',
              label: lbl('certQuantity'),
              schema: s.certQuantity,
              input: <InputNumber min={0} style={{ width: '100%' }} />,
            },
            { name: 'certUnit', label: lbl('certUnit'), schema: s.certUnit, input: <Input /> },
            { name: 'contact', label: lbl('contact'), schema: s.contact, input: <Input /> },
            { name: 'issuedOn', label: lbl('issuedOn'), schema: s.issuedOn, input: <Input type="date" /> },
            {
              name: 'basis',
              label: lbl('basis'),
              span: 24,
              input: (
                <Checkbox.Group options={CERTIFICATE_BASES.map((b) => ({ value: b, label: lbl(`basisValue.${b}`) }))} />
              ),
            },
            { name: 'pledge', label: lbl('pledge'), schema: s.pledge, span: 24, input: <Input.TextArea rows={2} /> },
            { name: 'notes', label: lbl('notes'), schema: s.notes, span: 24, input: <Input.TextArea rows={2} /> },
          ],
        }}
      />
      <DetailDrawer batch={detail} onClose={() => setDetail(null)} />
      <PublishDialog
        batch={publishing?.batch ?? null}
        onClose={() => setPublishing(null)}
        onDone={() => {
          publishing?.api.reload();
          setPublishing(null);
        }}
      />
      {withdrawing && (
        <WithdrawDialog
          batch={withdrawing.batch}
          onClose={() => setWithdrawing(null)}
          onDone={() => {
            withdrawing.api.reload();
            setWithdrawing(null);
          }}
        />
      )}
    </>
  );
}

const clean = (v: BatchInput, groupId: number): BatchInput => ({
  ...v,
  groupId,
  gtin: v.gtin || null,
  plantingIds: v.plantingIds ?? [],
  harvestIds: v.harvestIds ?? [],
  reportIds: v.reportIds ?? [],
  videoIds: v.videoIds ?? [],
  certQuantity: v.certQuantity ?? null,
  certUnit: v.certUnit ?? '',
  producer: v.producer ?? '',
  origin: v.origin ?? '',
  contact: v.contact ?? '',
  issuedOn: v.issuedOn || null,
  pledge: v.pledge ?? '',
  basis: v.basis ?? [],
  notes: v.notes ?? '',
});
