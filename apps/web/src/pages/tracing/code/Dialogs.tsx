import '../areaTexts';
import { type CodeSettings, codeSettingsBody, type TraceCodeRow, voidCodesBody } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, type ButtonProps, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterCodeSettings, getCodeSettings, voidCodes } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { contractRule } from '../../../utils/formRules';

export const seqInput = <InputNumber min={1} precision={0} style={{ width: '100%' }} />;

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
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const target = code ? { ids: [code.id] } : { fromSeq: v.fromSeq, toSeq: v.toSeq };
      const res = await voidCodes({ batchId, reason: v.reason, ...target });
      message.success(t('traceCode.voided', { count: res.voided }));
      onDone();
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const required = (name: string) => ({
    required: true,
    message: t('validation.required', { field: t(`traceCode.${name}`) }),
  });
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      open
      title={code ? t('traceCode.voidOne', { code: code.code }) : t('traceCode.voidTitle')}
      okText={t('traceCode.void')}
      okButtonProps={{ danger: true, 'data-testid': 'code-void-ok' } as ButtonProps}
      confirmLoading={busy}
      onOk={() => void run()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical">
        {!code && (
          <>
            <Form.Item label={t('traceCode.fromSeq')} name="fromSeq" rules={[required('fromSeq')]}>
              {seqInput}
            </Form.Item>
            <Form.Item label={t('traceCode.toSeq')} name="toSeq" rules={[required('toSeq')]}>
              {seqInput}
            </Form.Item>
          </>
        )}
        <Form.Item
          label={t('traceCode.reason')}
          name="reason"
          rules={[contractRule(voidCodesBody.shape.reason, t('traceCode.reason'), t)]}
        >
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
  const rule = (name: keyof CodeSettings) => contractRule(codeSettingsBody.shape[name], t(`traceCode.${name}`), t);
  const save = async () => {
    const v = await form.validateFields();
    try {
      await alterCodeSettings(v);
      message.success(t('traceCode.saved'));
      onClose();
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const num = <InputNumber min={1} precision={0} style={{ width: '100%' }} />;
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      open
      title={t('traceCode.ruleTitle')}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {current.data && (
        <Form form={form} layout="vertical" initialValues={current.data}>
          <p>{t('traceCode.ruleHelp')}</p>
          <Form.Item name="farKm" label={t('traceCode.farKm')} rules={[rule('farKm')]}>
            {num}
          </Form.Item>
          <Form.Item name="windowHours" label={t('traceCode.windowHours')} rules={[rule('windowHours')]}>
            {num}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
