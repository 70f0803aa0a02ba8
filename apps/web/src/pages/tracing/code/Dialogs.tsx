import '../areaTexts';
import { type CodeSettings, codeSettingsBody, type TraceCodeRow, voidCodesBody } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, type ButtonProps, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { alterCodeSettings, getCodeSettings, voidCodes } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { useSchemaForm } from '../../../utils/useSchemaForm';

export const seqInput = <InputNumber min={1} precision={0} style={{ width: '100%' }} />;

/** The dialogs' field labels by body key. */
const useLabels = (keys: string[]) => {
  const { t } = useTranslation();
  return Object.fromEntries(keys.map((k) => [k, t(`traceCode.${k === 'size' ? 'labelSize' : k}`)]));
};

/** Voids one code (given) or a range of numbers, with the reason the list and the export show. */
export function VoidDialog({
  batchId,
  code,
  onClose,
  onDone,
}: {
  batchId: number;
  code: TraceCodeRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ fromSeq?: number; toSeq?: number; reason: string }>();
  const labels = useLabels(['fromSeq', 'toSeq', 'reason']);
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: voidCodesBody,
    toBody: (v) => ({
      batchId,
      reason: v.reason,
      ...(code ? { ids: [code.id] } : { fromSeq: v.fromSeq, toSeq: v.toSeq }),
    }),
    labels: code ? { reason: labels.reason } : labels,
  });
  const run = () =>
    submit(async (body) => {
      const res = await voidCodes(body);
      message.success(t('traceCode.voided', { count: res.voided }));
      onDone();
    });
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      open
      title={code ? t('traceCode.voidOne', { code: code.code }) : t('traceCode.voidTitle')}
      okText={t('traceCode.void')}
      okButtonProps={{ danger: true, 'data-testid': 'code-void-ok' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void run()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical">
        {!code && (
          <>
            <Form.Item label={labels.fromSeq} name="fromSeq" rules={[rule('fromSeq')]} required>
              {seqInput}
            </Form.Item>
            <Form.Item label={labels.toSeq} name="toSeq" rules={[rule('toSeq')]} dependencies={['fromSeq']} required>
              {seqInput}
            </Form.Item>
          </>
        )}
        <Form.Item label={labels.reason} name="reason" rules={[rule('reason')]} required>
          <Input maxLength={200} data-testid="code-void-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The merchant's counterfeit rule, checked with the contract's own limits. */
export function RuleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeSettings>();
  const current = useQuery({ queryKey: ['traceCode', 'settings'], queryFn: getCodeSettings });
  const labels = useLabels(['farKm', 'windowHours']);
  const { rule, submit, saving } = useSchemaForm(form, { schema: codeSettingsBody, labels });
  const save = () =>
    submit(async (_body, v) => {
      await alterCodeSettings(v);
      message.success(t('traceCode.saved'));
      onClose();
    });
  const num = <InputNumber min={1} precision={0} style={{ width: '100%' }} />;
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      open
      title={t('traceCode.ruleTitle')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'code-rule-save' } as ButtonProps}
    >
      {current.data && (
        <Form form={form} layout="vertical" initialValues={current.data}>
          <p>{t('traceCode.ruleHelp')}</p>
          <Form.Item name="farKm" label={labels.farKm} rules={[rule('farKm')]}>
            {num}
          </Form.Item>
          <Form.Item name="windowHours" label={labels.windowHours} rules={[rule('windowHours')]}>
            {num}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
