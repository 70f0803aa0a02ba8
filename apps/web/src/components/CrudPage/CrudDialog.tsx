import { App, Col, Form, Modal, Row } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { DIALOG_WIDTH, saveDialogProps, wideDialogProps } from '../../utils/dialog';
import { contractRule } from '../../utils/formRules';
import { useSchemaForm } from '../../utils/useSchemaForm';
import type { CrudForm } from './types';

interface Props<R, V> {
  testId: string;
  form: CrudForm<R, V>;
  /** null: closed; 'new': create; a row: edit it. */
  target: R | 'new' | null;
  title: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit one row in the 840 px dialog (full width on a phone); fields are checked by their contract schemas. */
export default function CrudDialog<R, V>({ testId, form: spec, target, title, onClose, onSaved }: Props<R, V>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<V>();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const editing = target !== null && target !== 'new' ? target : null;
  const fields = spec.fields.filter((f) => (editing ? !f.createOnly : !f.editOnly));
  const bodySchema = typeof spec.schema === 'function' ? spec.schema(editing) : spec.schema;
  const {
    rule,
    submit: send,
    saving,
  } = useSchemaForm(form, {
    schema: bodySchema,
    toBody: spec.toBody ? (values: V) => spec.toBody?.(values, editing) : undefined,
    labels: Object.fromEntries(fields.map((f) => [f.name, f.label])),
  });

  // Pages pass `spec` inline, a new object on every render of theirs (a list or an option query that
  // arrives): the form is filled when the dialog opens for a row, never again while a person types.
  const specRef = useRef(spec);
  specRef.current = spec;
  useEffect(() => {
    if (target === null) return;
    const { toValues, initialValues } = specRef.current;
    form.resetFields();
    if (editing && toValues) form.setFieldsValue(toValues(editing) as never);
    else if (!editing && initialValues) form.setFieldsValue(initialValues as never);
  }, [target, editing, form]);

  const submit = async () => {
    const saved = await send(
      (_body, values) => (editing ? spec.update?.(editing, values) : spec.create?.(values)) ?? Promise.resolve(),
      async (values) => {
        const question = spec.confirmSave?.(values, editing);
        if (!question) return true;
        return modal.confirm({ title: question, okText: t('common.save'), cancelText: t('common.cancel') });
      },
    );
    if (!saved) return;
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <Modal
      {...wideDialogProps(mobile, spec.width ?? DIALOG_WIDTH)}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: onClose, testId: `${testId}-save` })}
      open={target !== null}
      title={title}
    >
      <Form form={form} layout="vertical" data-testid={`${testId}-form`}>
        <Row gutter={16}>
          {fields.map((f) => {
            const schema = typeof f.schema === 'function' ? f.schema(editing) : f.schema;
            // The body's contract checks the field with the others (cross-field rules too).
            const rules = bodySchema ? [rule(f.name)] : schema ? [contractRule(schema, f.label)] : undefined;
            return (
              <Col key={f.name} xs={24} md={f.span ?? 12}>
                <Form.Item
                  name={f.name}
                  label={f.label}
                  required={f.required}
                  rules={rules}
                  dependencies={f.dependencies}
                  valuePropName={f.valuePropName}
                  extra={f.extra}
                >
                  {typeof f.input === 'function' ? f.input(editing) : f.input}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        {spec.children?.(form, editing)}
      </Form>
    </Modal>
  );
}
