import '../areaTexts';
import type { SuspectedCodeRow, TraceCodeRow, TraceCodeState } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Empty, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadCodeList,
  getBatches,
  getCodeJobs,
  getCodeList,
  getSuspected,
  type ListParams,
} from '../../../api/tracing';
import CrudPage from '../../../components/CrudPage';
import { useActivePark } from '../../../stores/park';
import { saveFile } from '../../../utils/saveFile';
import { formatTime } from '../../../utils/time';
import { LabelsDialog, RuleDialog, VoidDialog } from './Dialogs';
import GenerateDialog from './GenerateDialog';
import StatsPanel from './StatsPanel';

const STATE_COLOR: Record<TraceCodeState, string> = { active: 'green', void: 'default', suspected: 'red' };
type Open = 'generate' | 'labels' | 'voidRange' | 'rule' | { void: TraceCodeRow } | null;

/** Tracing > one item one code: a batch's codes, generated, printed, voided, exported and counted as scanned. */
export default function ProductCodePage() {
  const park = useActivePark();
  const groupId = park?.groupId ?? null;
  const { t } = useTranslation();
  const [batchId, setBatchId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const batches = useQuery({
    queryKey: ['traceCode', 'batches', groupId],
    queryFn: () => getBatches(groupId as number),
    enabled: groupId !== null,
  });
  const list = batches.data?.list ?? [];
  // the park's first batch until the user picks one; another park's batch is dropped
  useEffect(() => {
    if (!batches.data) return;
    if (batchId === null || !batches.data.list.some((b) => b.id === batchId))
      setBatchId(batches.data.list[0]?.id ?? null);
  }, [batches.data, batchId]);
  const jobs = useQuery({
    queryKey: ['traceCode', 'jobs', batchId],
    queryFn: () => getCodeJobs(batchId as number),
    enabled: batchId !== null,
  });
  const running = jobs.data?.find((j) => j.status === 'running') ?? null;
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  if (groupId === null)
    return (
      <Card>
        <Empty description={t('traceCode.noPark')} />
      </Card>
    );
  const lbl = (k: string) => t(`traceCode.${k}`);
  const place = (p: string | null) => (p ? t(`traceCode.places.${p}`, { defaultValue: p }) : lbl('unknownPlace'));
  const scanCell = (at: number | null, p: string | null) =>
    at === null ? '—' : `${formatTime(at, 'minute')} · ${place(p)}`;
  const exportList = async (format: 'csv' | 'xlsx') => {
    if (batchId === null) return;
    const { blob, filename } = await downloadCodeList(batchId, format);
    saveFile(blob, filename);
  };
  const codeColumns = [
    { title: lbl('seq'), dataIndex: 'seq', width: 80 },
    {
      title: lbl('code'),
      dataIndex: 'code',
      width: 170,
      render: (v: string, r: TraceCodeRow) => (
        <Typography.Link href={r.url} target="_blank" rel="noreferrer" title={lbl('openPublic')}>
          <code>{v}</code>
        </Typography.Link>
      ),
    },
    {
      title: lbl('state'),
      dataIndex: 'state',
      width: 110,
      render: (v: TraceCodeState, r: TraceCodeRow) => (
        <Tag color={STATE_COLOR[v]} title={r.suspectReason ? lbl(`reasons.${r.suspectReason}`) : undefined}>
          {lbl(`states.${v}`)}
        </Tag>
      ),
    },
    { title: lbl('scans'), dataIndex: 'scanCount', width: 90 },
    {
      title: lbl('firstScan'),
      key: 'first',
      width: 200,
      render: (_: unknown, r: TraceCodeRow) => scanCell(r.firstScanAt, r.firstScanPlace),
    },
    {
      title: lbl('lastScan'),
      key: 'last',
      width: 200,
      render: (_: unknown, r: TraceCodeRow) => scanCell(r.lastScanAt, r.lastScanPlace),
    },
    { title: lbl('voidReason'), dataIndex: 'voidReason', width: 160, render: (v: string) => v || '—' },
  ];
  const suspectedColumns = [
    { title: lbl('product'), dataIndex: 'productName', width: 140 },
    { title: lbl('lot'), dataIndex: 'lot', width: 140 },
    ...codeColumns.slice(0, 2),
    { title: lbl('why'), dataIndex: 'suspectReason', width: 140, render: (v: string) => lbl(`reasons.${v}`) },
    ...codeColumns.slice(3, 6),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>{lbl('batch')}</span>
          <Select
            data-testid="code-batch"
            style={{ width: 320, maxWidth: '80vw' }}
            placeholder={lbl('pickBatch')}
            loading={batches.isLoading}
            value={batchId ?? undefined}
            onChange={setBatchId}
            showSearch
            optionFilterProp="label"
            notFoundContent={lbl('noBatch')}
            options={list.map((b) => ({ value: b.id, label: `${b.productName} · ${b.lot}` }))}
          />
          <Button
            type="primary"
            disabled={batchId === null}
            onClick={() => setOpen('generate')}
            data-testid="code-generate"
          >
            {lbl('generate')}
          </Button>
          <Button disabled={batchId === null} onClick={() => setOpen('labels')} data-testid="code-labels">
            {lbl('labels')}
          </Button>
          <Dropdown
            disabled={batchId === null}
            menu={{
              items: [
                { key: 'csv', label: lbl('exportCsv'), onClick: () => void exportList('csv').catch(() => {}) },
                { key: 'xlsx', label: lbl('exportXlsx'), onClick: () => void exportList('xlsx').catch(() => {}) },
              ],
            }}
          >
            <Button data-testid="code-export">{lbl('export')}</Button>
          </Dropdown>
          <Button onClick={() => setOpen('rule')} data-testid="code-rule">
            {lbl('rule')}
          </Button>
        </Space>
        {batches.data && list.length === 0 && <Empty description={lbl('noBatch')} />}
      </Card>
      {batchId !== null && (
        <>
          <StatsPanel batchId={batchId} version={version} />
          <Tabs
            items={[
              {
                key: 'codes',
                label: lbl('codesTab'),
                children: (
                  <CrudPage<TraceCodeRow>
                    key={`${batchId}-${version}`}
                    testId="code"
                    rowKey="id"
                    fetchList={(p: ListParams) => getCodeList({ ...p, batchId })}
                    search={[
                      { name: 'code', label: lbl('search'), input: <Input allowClear maxLength={20} /> },
                      {
                        name: 'state',
                        label: lbl('state'),
                        input: (
                          <Select
                            allowClear
                            options={(['active', 'void', 'suspected'] as const).map((s) => ({
                              value: s,
                              label: lbl(`states.${s}`),
                            }))}
                          />
                        ),
                      },
                    ]}
                    toolbar={
                      <Button danger onClick={() => setOpen('voidRange')} data-testid="code-void-range">
                        {lbl('voidRange')}
                      </Button>
                    }
                    actionsWidth={100}
                    rowActions={(r) =>
                      r.state === 'void' ? null : (
                        <Button
                          type="link"
                          size="small"
                          danger
                          onClick={() => setOpen({ void: r })}
                          data-testid="code-void"
                        >
                          {lbl('void')}
                        </Button>
                      )
                    }
                    columns={codeColumns}
                  />
                ),
              },
              {
                key: 'suspected',
                label: lbl('suspectedTab'),
                children: (
                  <CrudPage<SuspectedCodeRow>
                    key={`s-${version}`}
                    testId="code-suspected"
                    rowKey="id"
                    fetchList={(p: ListParams) => getSuspected(p)}
                    columns={suspectedColumns}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      {batchId !== null && open === 'generate' && (
        <GenerateDialog
          batchId={batchId}
          running={running}
          onClose={() => {
            setOpen(null);
            refresh();
          }}
          onDone={refresh}
        />
      )}
      {batchId !== null && open === 'labels' && <LabelsDialog batchId={batchId} onClose={() => setOpen(null)} />}
      {batchId !== null && (open === 'voidRange' || (typeof open === 'object' && open !== null)) && (
        <VoidDialog
          batchId={batchId}
          code={typeof open === 'object' && open !== null ? open.void : null}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            refresh();
          }}
        />
      )}
      {open === 'rule' && <RuleDialog onClose={() => setOpen(null)} />}
    </Space>
  );
}
