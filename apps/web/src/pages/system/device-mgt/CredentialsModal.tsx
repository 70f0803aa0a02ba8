import '../areaTexts';
import type { DeviceWithSecret } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDeviceBroker } from '../../../api/devices';

/** The plaintext secret exists only in this dialog: the server keeps a hash and never sends it again. */
export default function CredentialsModal({ value, onClose }: { value: DeviceWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const broker = useQuery({ queryKey: ['deviceBroker'], queryFn: getDeviceBroker, enabled: value !== null });
  if (!value) return null;
  const { serial } = value.device;
  const b = broker.data;
  // Nothing to copy until the broker's address is read: a placeholder copied into a device's settings is a
  // device that never connects.
  const brokerText = b ? `${b.tls ? 'mqtts' : 'mqtt'}://${b.host}:${b.port}` : undefined;
  const topic = b ? b.topicPrefix.replace('{serial}', serial) : `dev/${serial}/`;
  const lbl = (k: string) => t(`devmgt.credentials.${k}`);
  const copy = async () => {
    const text = `${lbl('broker')}: ${brokerText}\n${lbl('serial')}: ${serial}\n${lbl('secret')}: ${value.secret}\n${lbl('topic')}: ${topic}`;
    try {
      await navigator.clipboard.writeText(text);
      message.success(lbl('copied'));
    } catch {
      message.error(lbl('copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={lbl('title')}
      mask={{ closable: false }}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="copy" onClick={copy} disabled={!brokerText} data-testid="cred-copy">
          {lbl('copy')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose} data-testid="cred-done">
          {lbl('done')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={lbl('warning')} style={{ marginBottom: 12 }} />
      <Descriptions column={1} bordered size="small" data-testid="credentials">
        <Descriptions.Item label={lbl('broker')}>
          {brokerText ? (
            <Typography.Text copyable data-testid="cred-broker">
              {brokerText}
            </Typography.Text>
          ) : broker.isError ? (
            <Typography.Text type="danger" data-testid="cred-broker-error">
              {lbl('brokerFailed')}
            </Typography.Text>
          ) : (
            <Spin size="small" />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={lbl('serial')}>
          <Typography.Text copyable data-testid="cred-serial">
            {serial}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={lbl('secret')}>
          <Typography.Text copyable code data-testid="cred-secret">
            {value.secret}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={lbl('topic')}>
          <Typography.Text data-testid="cred-topic">{topic}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
