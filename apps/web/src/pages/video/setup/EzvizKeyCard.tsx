import { ezvizKeyBody } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getEzvizKey, saveEzvizKey } from '../../../api/video';
import { useSchemaForm } from '../../../utils/useSchemaForm';

/** The merchant's EZVIZ key: the secret is write-only (set / not set), blank keeps the stored one. */
export default function EzvizKeyCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ appKey?: string; secret?: string }>();
  const key = useQuery({ queryKey: ['video', 'ezvizKey'], queryFn: getEzvizKey });
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: ezvizKeyBody,
    toBody: (v) => ({ appKey: v.appKey ?? '', secret: v.secret || undefined }),
    labels: { appKey: t('video.setup.appKey'), secret: t('video.setup.secret') },
  });
  const save = () =>
    submit(async (body) => {
      await saveEzvizKey(body);
      form.setFieldValue('secret', '');
      message.success(t('video.setup.saved'));
      void queryClient.invalidateQueries({ queryKey: ['video', 'ezvizKey'] });
    });
  if (!key.data) return <Card loading title={t('video.setup.ezviz')} />;
  return (
    <Card size="small" title={t('video.setup.ezviz')} data-testid="ezviz-key">
      <Form
        form={form}
        layout="inline"
        initialValues={{ appKey: key.data.appKey, secret: '' }}
        onFinish={() => void save()}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="appKey" label={t('video.setup.appKey')} rules={[rule('appKey')]}>
          <Input style={{ width: 240 }} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('video.setup.secret')}>
          <Space>
            <Form.Item name="secret" noStyle rules={[rule('secret')]}>
              <Input.Password
                style={{ width: 220 }}
                placeholder={t('video.setup.secretKeep')}
                autoComplete="new-password"
              />
            </Form.Item>
            <Tag color={key.data.secretSet ? 'green' : 'default'} data-testid="ezviz-secret-state">
              {key.data.secretSet ? t('video.setup.secretSet') : t('video.setup.secretNotSet')}
            </Tag>
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('video.setup.save')}
        </Button>
      </Form>
    </Card>
  );
}
