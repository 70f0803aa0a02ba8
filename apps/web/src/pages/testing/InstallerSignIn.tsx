import './areaTexts';
import { KeyOutlined, NumberOutlined } from '@ant-design/icons';
import type { TestingLogin } from '@farmpark/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceLogin } from '../../api/testing';

interface Values {
  serial: string;
  secret: string;
}

/** An installer without an account: the device's serial and secret give a token for that one device. */
export function InstallerSignIn({ onSignedIn, notice }: { onSignedIn: (l: TestingLogin) => void; notice?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await deviceLogin(v.serial.trim(), v.secret));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" data-testid="testing-installer">
      <p>{t('testing.installer.intro')}</p>
      {notice && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 12 }} />}
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="serial"
          label={t('testing.installer.serial')}
          rules={[{ required: true, whitespace: true, message: t('testing.installer.serialRequired') }]}
        >
          <Input prefix={<NumberOutlined />} autoComplete="username" data-testid="testing-serial" />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('testing.installer.secret')}
          rules={[{ required: true, message: t('testing.installer.secretRequired') }]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.Password prefix={<KeyOutlined />} autoComplete="current-password" data-testid="testing-secret" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="testing-signin">
          {t('testing.installer.submit')}
        </Button>
      </Form>
    </Card>
  );
}
