import '../../areaTexts';
import { ackAlarmBody } from '@farmpark/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ackAlarm } from '../../../../api/alarms';
import { dialogProps } from '../../../../utils/dialog';
import { contractRule } from '../../../../utils/formRules';
import { useSaving } from '../../../../utils/formSave';

/** Acknowledge one or many alarms with a comment (who and when are recorded by the server). */
export default function AckDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const { saving, run } = useSaving();
  useEffect(() => {
    if (ids) form.resetFields();
  }, [ids, form]);
  const submit = async () => {
    if (!ids) return;
    const { comment } = await form.validateFields();
    await run(async () => {
      const r = await ackAlarm(ids, comment ?? '');
      message.success(t('alarm.record.acked', { n: r.acknowledged }));
      onDone();
    });
  };
  return (
    <Modal
      {...dialogProps()}
      width={520}
      open={ids !== null}
      title={t('alarm.record.ackTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('alarm.record.ack')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'ack-confirm' }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="comment"
          label={t('alarm.record.ackComment')}
          rules={[contractRule(ackAlarmBody.shape.comment, t('alarm.record.ackComment'))]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="ack-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
