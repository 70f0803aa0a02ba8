import { PASSWORD_MAX, PASSWORD_MIN, passwordField } from '@farmpark/contracts';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetLoginPwd } from '../../../api/auth';
import { contractRule, showServerFieldError } from '../../../utils/formRules';

interface Values {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

/** Change password: the new one follows the contract's rules; success ends the user's other sessions. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ oldPwd, newPwd }: Values) => {
    setSaving(true);
    try {
      await resetLoginPwd({ oldPwd, newPwd }, { silent: true });
      message.success(t('password.success'), 5);
      form.resetFields();
    } catch (err) {
      const labels = { oldPwd: t('password.oldPwd'), newPwd: t('password.newPwd') };
      if (!showServerFieldError(form, err, labels)) {
        message.error((err as Error).message || 'Error', 5);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('password.title')} style={{ maxWidth: 560 }}>
      <Alert type="warning" showIcon title={t('password.note')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} data-testid="password-form">
        <Form.Item
          name="oldPwd"
          label={t('password.oldPwd')}
          rules={[{ required: true, message: t('validation.required', { field: t('password.oldPwd') }) }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newPwd"
          label={t('password.newPwd')}
          extra={t('password.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          dependencies={['oldPwd']}
          rules={[
            contractRule(passwordField, t('password.newPwd')),
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value === getFieldValue('oldPwd')) throw new Error(t('password.sameAsOld'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPwd"
          label={t('password.confirmPwd')}
          dependencies={['newPwd']}
          rules={[
            { required: true, message: t('validation.required', { field: t('password.confirmPwd') }) },
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('newPwd')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
