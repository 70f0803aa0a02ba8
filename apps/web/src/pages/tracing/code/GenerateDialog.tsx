import '../areaTexts';
import { type CodeJob, generateCodesBody, TRACE_CODE_MAX_PER_JOB } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateCodes, getCodeJob } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { useSchemaForm } from '../../../utils/useSchemaForm';

/**
 * Starts a generation job and follows it with a progress bar (the server works in the background, so
 * closing the dialog loses nothing; the page picks the job up again from the batch's job list).
 */
export default function GenerateDialog({
  batchId,
  running,
  onClose,
  onDone,
}: {
  batchId: number;
  /** A job of this batch already under way (found when the page opened). */
  running: CodeJob | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [jobId, setJobId] = useState<number | null>(running?.id ?? null);
  const [form] = Form.useForm<{ count: number }>();
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: generateCodesBody,
    toBody: (v) => ({ batchId, count: v.count }),
    labels: { count: t('traceCode.count') },
  });
  const job = useQuery({
    queryKey: ['traceCode', 'job', jobId],
    queryFn: () => getCodeJob(jobId as number),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 500 : false),
  });
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'done') {
      message.success(t('traceCode.generated', { count: job.data?.done }));
      onDone();
    }
  }, [status, job.data?.done, message, onDone, t]);

  const start = () =>
    submit(async (_body, { count }) => {
      setJobId((await generateCodes(batchId, count)).jobId);
    });
  const percent = job.data ? Math.floor((job.data.done / job.data.requested) * 100) : 0;
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      open
      title={t('traceCode.generateTitle')}
      onCancel={onClose}
      footer={
        jobId === null ? (
          <Button type="primary" loading={saving} onClick={() => void start()} data-testid="code-generate-start">
            {t('traceCode.generate')}
          </Button>
        ) : null
      }
    >
      {jobId === null ? (
        <Form form={form} layout="vertical" initialValues={{ count: 100 }}>
          <Form.Item name="count" label={t('traceCode.count')} extra={t('traceCode.countHelp')} rules={[rule('count')]}>
            <InputNumber
              min={1}
              max={TRACE_CODE_MAX_PER_JOB}
              precision={0}
              style={{ width: '100%' }}
              data-testid="code-generate-count"
            />
          </Form.Item>
        </Form>
      ) : (
        <>
          <Progress
            percent={percent}
            status={status === 'failed' ? 'exception' : status === 'done' ? 'success' : 'active'}
            data-testid="code-generate-progress"
          />
          <div>{t('traceCode.generating', { done: job.data?.done ?? 0, requested: job.data?.requested ?? '…' })}</div>
          {status === 'failed' && (
            <Alert type="error" showIcon message={t('traceCode.jobFailed', { error: job.data?.error })} />
          )}
        </>
      )}
    </Modal>
  );
}
