import '../areaTexts';
import type { Material } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addStockMove, getSupplierOptions } from '../../../../api/production';
import { dialogProps, saveDialogProps } from '../../../../utils/dialog';
import { showServerFieldError } from '../../../../utils/formRules';
import { useFormSave } from '../../../../utils/formSave';
import { dayOf } from '../usePark';

interface Values {
  quantity: number;
  supplierId?: number;
  batchNo?: string;
  expiresOn?: Dayjs;
  reason?: string;
}

/** A delivery (in) or a counted correction (adjust) of one material; the server refuses a balance below zero. */
export default function StockMoveDialog(props: {
  material: Material | null;
  kind: 'in' | 'adjust';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { material, kind } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, save: saveForm } = useFormSave(form);
  const lbl = (k: string) => t(`productionStock.move.${k}`);
  const suppliers = useQuery({
    queryKey: ['productionStock', 'supplierOptions', material?.groupId],
    queryFn: () => getSupplierOptions(material?.groupId as number),
    enabled: material !== null && kind === 'in',
  });
  useEffect(() => {
    if (material) form.resetFields();
  }, [material, form]);

  const submit = async () => {
    if (!material) return;
    await saveForm(
      async (v) => {
        const res = await addStockMove({
          kind,
          materialId: material.id,
          quantity: v.quantity,
          supplierId: v.supplierId ?? null,
          batchNo: v.batchNo ?? '',
          expiresOn: dayOf(v.expiresOn),
          reason: v.reason ?? '',
        });
        message.success(t('productionStock.move.saved', { balance: res.balance, unit: material.unit }));
        props.onSaved();
      },
      (err) => {
        const labels = { quantity: lbl('quantity'), reason: lbl('reason'), supplierId: lbl('supplier') };
        return showServerFieldError(form, err, labels);
      },
    );
  };

  const title = material ? t(`productionStock.move.${kind}Title`, { name: material.name }) : '';
  return (
    <Modal
      {...dialogProps({ width: 560 })}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: props.onClose, testId: 'stock-move-save' })}
      open={material !== null}
      title={title}
    >
      <Form form={form} layout="vertical" data-testid="stock-move-form">
        <Form.Item
          name="quantity"
          label={`${lbl('quantity')} (${material?.unit ?? ''})`}
          required
          extra={kind === 'adjust' ? lbl('adjustHelp') : undefined}
          rules={[
            { required: true, message: t('validation.required', { field: lbl('quantity') }) },
            ...(kind === 'in'
              ? [
                  {
                    type: 'number' as const,
                    min: 0.001,
                    message: t('validation.min', { field: lbl('quantity'), min: 0.001 }),
                  },
                ]
              : []),
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={3} data-testid="stock-move-quantity" />
        </Form.Item>
        {kind === 'in' && (
          <>
            <Form.Item name="supplierId" label={lbl('supplier')}>
              <Select
                allowClear
                loading={suppliers.isLoading}
                options={(suppliers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
            <Form.Item name="batchNo" label={lbl('batchNo')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="expiresOn" label={lbl('expiresOn')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="reason"
          label={lbl('reason')}
          required={kind === 'adjust'}
          rules={
            kind === 'adjust'
              ? [{ required: true, whitespace: true, message: t('validation.required', { field: lbl('reason') }) }]
              : undefined
          }
        >
          <Input maxLength={200} data-testid="stock-move-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
