import '../areaTexts';
import { type IssueLike, LABEL_SIZES, type LabelJob, publicBaseBody } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, Form, Input, Modal, Progress, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterPublicBase, getLabelJob, getPublicBase, labelFileUrl, startLabelJob } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { issueMessage } from '../../../utils/formRules';
import { seqInput } from './Dialogs';

type Size = (typeof LABEL_SIZES)[number];

/**
 * Which labels to print and on what, and the address their QR codes carry (shown, with a warning when phones
 * outside this network cannot open it; an administrator may set it here). The sheet is made in the background
 * with a progress bar, then the browser saves the file as it downloads.
 */
export function LabelsDialog({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceCode.${k}`, o);
  const [form] = Form.useForm<{ size: Size; fromSeq?: number; toSeq?: number }>();
  const [job, setJob] = useState<LabelJob | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const base = useQuery({ queryKey: ['traceCode', 'publicBase'], queryFn: getPublicBase });

  // poll the running sheet; once done, hand its file to the browser
  useEffect(() => {
    if (job?.status !== 'running') return;
    const timer = setTimeout(() => {
      getLabelJob(job.id).then(
        (next) => {
          setJob(next);
          if (next.status === 'done') window.location.assign(labelFileUrl(next.id));
        },
        () => undefined,
      );
    }, 800);
    return () => clearTimeout(timer);
  }, [job]);

  const run = async () => {
    // the fields show what is wrong under themselves
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      setJob(await startLabelJob({ batchId, size: v.size, fromSeq: v.fromSeq, toSeq: v.toSeq }));
    } catch {
      // the request client has shown why (e.g. more labels than one file holds)
    }
  };
  const saveBase = async () => {
    if (editing === null) return;
    const checked = publicBaseBody.safeParse({ url: editing });
    if (!checked.success) {
      message.error(issueMessage(checked.error.issues[0] as IssueLike, lbl('publicBase')), 5);
      return;
    }
    try {
      await alterPublicBase(checked.data.url);
      await base.refetch();
      setEditing(null);
      message.success(lbl('saved'));
    } catch (err) {
      message.error((err as Error).message, 5);
    }
  };
  const b = base.data;
  const running = job?.status === 'running';
  return (
    <Modal
      {...dialogProps({ width: 560 })}
      open
      title={lbl('labels')}
      okText={job?.status === 'done' ? lbl('downloadAgain') : lbl('download')}
      confirmLoading={running}
      onOk={() => (job?.status === 'done' ? window.location.assign(labelFileUrl(job.id)) : void run())}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'code-labels-download' } as ButtonProps}
    >
      {b && (
        <div data-testid="code-labels-base" style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{lbl('publicBase')}</Typography.Text>
          {editing === null ? (
            <Space wrap>
              <Typography.Text code>{b.effective}</Typography.Text>
              <Typography.Text type="secondary">{lbl(`baseSource.${b.source}`)}</Typography.Text>
              <Button size="small" type="link" onClick={() => setEditing(b.url || b.effective)}>
                {lbl('change')}
              </Button>
            </Space>
          ) : (
            <Form.Item style={{ marginBottom: 0 }} extra={lbl('publicBaseHelp')}>
              <Space.Compact style={{ width: '100%' }}>
                <Input value={editing} onChange={(e) => setEditing(e.target.value)} maxLength={200} />
                <Button type="primary" onClick={() => void saveBase()}>
                  {t('common.save')}
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          {b.local && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              data-testid="code-labels-local"
              message={lbl('localBase', { url: b.effective })}
            />
          )}
        </div>
      )}
      <Form form={form} layout="vertical" initialValues={{ size: 'A4' }} disabled={running}>
        <Form.Item name="size" label={lbl('labelSize')}>
          <Select<Size> options={LABEL_SIZES.map((v) => ({ value: v, label: lbl(`sizes.${v}`) }))} />
        </Form.Item>
        <Form.Item label={lbl('fromSeq')} name="fromSeq" extra={lbl('rangeHelp')}>
          {seqInput}
        </Form.Item>
        <Form.Item
          label={lbl('toSeq')}
          name="toSeq"
          dependencies={['fromSeq']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v?: number) => {
                const from = getFieldValue('fromSeq') as number | undefined;
                if (v !== undefined && v !== null && from !== undefined && from !== null && v < from)
                  throw new Error(t('validation.min', { field: lbl('toSeq'), min: from }));
              },
            }),
          ]}
        >
          {seqInput}
        </Form.Item>
      </Form>
      {job && (
        <div data-testid="code-labels-progress">
          <Progress
            percent={job.total > 0 ? Math.floor((100 * job.done) / job.total) : 100}
            status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
          />
          <Typography.Text type="secondary">
            {job.status === 'failed'
              ? lbl(job.error === 'quota' ? 'labelsQuota' : 'labelsFailed')
              : lbl('labelsProgress', { done: job.done, total: job.total })}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
