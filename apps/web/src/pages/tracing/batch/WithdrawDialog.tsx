import { type TraceBatchDetail, withdrawBatchBody } from '@farmpark/contracts';
import { Alert, App, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { withdrawBatch } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { contractRule, showServerFieldError } from '../../../utils/formRules';
import { useFormSave } from '../../../utils/formSave';
import { parkNow } from '../../../utils/time';

/**
 * Withdraws a published batch (administrators): a reason kept for the merchant, and the day consumers read on
 * every code of it. The confirmation names how many codes will say so.
 */
export default function WithdrawDialog(props: { batch: TraceBatchDetail; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceBatch.${k}`, o);
  const [form] = Form.useForm<{ reason: string; withdrawnOn: Dayjs }>();
  const { saving, save } = useFormSave(form);
  const { batch } = props;
  const labels = { reason: lbl('withdrawReason'), withdrawnOn: lbl('withdrawnOn') };
  const submit = async () => {
    await save(
      async (v) => {
        await withdrawBatch({ id: batch.id, reason: v.reason, withdrawnOn: v.withdrawnOn.format('YYYY-MM-DD') });
        message.success(lbl('withdrawnDone'));
        props.onDone();
      },
      (err) => showServerFieldError(form, err, labels),
    );
  };
  return (
    <Modal
      {...dialogProps({ width: 520 })}
      open
      title={`${lbl('unpublish')} · ${batch.productName} ${batch.lot}`}
      okText={lbl('unpublish')}
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'batch-withdraw-ok' } as never}
      onOk={() => void submit()}
      onCancel={props.onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="batch-withdraw-warning"
        message={lbl('withdrawConfirm', { name: `${batch.productName} ${batch.lot}`, count: batch.codeCount })}
      />
      <Form form={form} layout="vertical" initialValues={{ withdrawnOn: parkNow() }}>
        <Form.Item
          name="reason"
          label={labels.reason}
          extra={lbl('withdrawReasonHelp')}
          required
          rules={[contractRule(withdrawBatchBody.shape.reason, labels.reason)]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="batch-withdraw-reason" />
        </Form.Item>
        <Form.Item
          name="withdrawnOn"
          label={labels.withdrawnOn}
          extra={lbl('withdrawnOnHelp')}
          required
          rules={[{ required: true, message: t('validation.required', { field: labels.withdrawnOn }) }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(parkNow(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
