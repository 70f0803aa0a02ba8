import '../areaTexts';
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { addReportBody, type TraceReport } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Modal, Select, Tag, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addReport,
  fetchReportFile,
  getReportList,
  type ListParams,
  type ReportInput,
  removeReport,
  updateReport,
  uploadReportFile,
} from '../../../api/tracing';
import CrudPage from '../../../components/CrudPage';
import FileUsage, { FILE_USAGE_KEY } from '../../../components/FileUsage';
import { useParkStore } from '../../../stores/park';
import { parkNow } from '../../../utils/time';
import FileView from './FileView';
import ItemsInput from './ItemsInput';

/** Traceability > report library: inspection reports with their file, previewed here, linked to batches. */
export default function ReportLibraryPage() {
  const groupId = useParkStore((s) => s.activeGroupId);
  const { t } = useTranslation();
  if (groupId === null)
    return (
      <Card>
        <Empty description={t('traceReport.noPark')} />
      </Card>
    );
  return <ReportList key={groupId} groupId={groupId} />;
}

function ReportList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lbl = (k: string) => t(`traceReport.${k}`);
  const [previewing, setPreviewing] = useState<TraceReport | null>(null);
  const load = useCallback(() => fetchReportFile(previewing?.id ?? 0), [previewing]);
  const verdict = [
    { value: true, label: lbl('passed') },
    { value: false, label: lbl('failed') },
  ];
  return (
    <>
      <CrudPage<TraceReport, ReportInput>
        testId="report"
        rowKey="id"
        fetchList={(p: ListParams) => getReportList({ ...p, groupId })}
        remove={removeReport}
        rowLabel={(r) => `${r.agency} ${r.reportNo}`}
        keyword={lbl('keyword')}
        toolbar={<FileUsage />}
        actionsWidth={260}
        columns={[
          { title: lbl('agency'), dataIndex: 'agency', ellipsis: true },
          { title: lbl('reportNo'), dataIndex: 'reportNo', width: 140 },
          { title: lbl('reportedOn'), dataIndex: 'reportedOn', width: 110 },
          { title: lbl('validUntil'), dataIndex: 'validUntil', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: lbl('result'),
            dataIndex: 'passed',
            width: 80,
            render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{lbl(v ? 'passed' : 'failed')}</Tag>,
          },
          {
            title: lbl('file'),
            dataIndex: 'fileType',
            width: 90,
            render: (v: string | null) => (v ? lbl(v === 'pdf' ? 'filePdf' : 'fileImage') : lbl('fileNone')),
          },
          {
            title: lbl('batches'),
            key: 'batches',
            width: 160,
            ellipsis: true,
            render: (_, r) => r.batches.map((b) => b.lot).join('、') || '—',
          },
        ]}
        rowActions={(r, api) => (
          <>
            <Upload
              accept="application/pdf,image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                // a refused file is toasted by the HTTP client in the reader's language
                uploadReportFile(r.id, file).then(
                  () => {
                    message.success(lbl('uploaded'));
                    api.reload();
                    void queryClient.invalidateQueries({ queryKey: FILE_USAGE_KEY });
                  },
                  () => undefined,
                );
                return false;
              }}
            >
              <Button type="link" size="small" icon={<UploadOutlined />} data-testid={`report-upload-${r.id}`}>
                {lbl('upload')}
              </Button>
            </Upload>
            {r.fileType && (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                onClick={() => setPreviewing(r)}
                data-testid={`report-preview-${r.id}`}
              >
                {lbl('preview')}
              </Button>
            )}
          </>
        )}
        form={{
          width: 900,
          initialValues: { passed: true, items: [], reportedOn: parkNow().format('YYYY-MM-DD') },
          toValues: (r) => ({ ...r }),
          schema: addReportBody,
          toBody: (v) => clean(v, groupId),
          create: (v) => addReport(clean(v, groupId)),
          update: (r, v) => updateReport({ ...clean(v, groupId), id: r.id }),
          fields: [
            { name: 'agency', label: lbl('agency'), required: true, input: <Input /> },
            { name: 'reportNo', label: lbl('reportNo'), required: true, input: <Input /> },
            { name: 'sampledOn', label: lbl('sampledOn'), required: true, input: <Input type="date" /> },
            {
              name: 'reportedOn',
              label: lbl('reportedOn'),
              required: true,
              dependencies: ['sampledOn'],
              input: <Input type="date" />,
            },
            {
              name: 'validUntil',
              label: lbl('validUntil'),
              dependencies: ['reportedOn'],
              input: <Input type="date" />,
            },
            { name: 'passed', label: lbl('result'), required: true, input: <Select options={verdict} /> },
            { name: 'items', label: lbl('items'), span: 24, input: <ItemsInput /> },
            { name: 'notes', label: lbl('notes'), span: 24, input: <Input.TextArea rows={2} /> },
          ],
        }}
      />
      <Modal
        open={previewing !== null}
        title={previewing ? `${previewing.agency} ${previewing.reportNo}` : ''}
        footer={null}
        width={900}
        onCancel={() => setPreviewing(null)}
        destroyOnHidden
      >
        {previewing && <FileView load={load} title={previewing.reportNo} />}
      </Modal>
    </>
  );
}

const clean = (v: ReportInput, groupId: number): ReportInput => ({
  ...v,
  groupId,
  validUntil: v.validUntil || null,
  items: v.items ?? [],
  notes: v.notes ?? '',
});
