import '../areaTexts';
import { APP_LINK_KEYS, APP_LINK_MAX, type AppLinks, isHttpUrl } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alterAppLinks } from '../../api/appLinks';
import { showServerFieldError } from '../../utils/formRules';
import { useFormSave } from '../../utils/formSave';

/**
 * The administrator's editor of the merchant's download links (loaded only when opened). Each address
 * is checked on its field as the server checks it; success is shown only after the server saved.
 */
export default function AppLinksForm({ links, onDone }: { links: AppLinks; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<AppLinks>();
  const { saving, save: saveForm } = useFormSave(form);
  const labels = Object.fromEntries(APP_LINK_KEYS.map((k) => [k, t(`download.${k}`)]));

  const save = async () => {
    await saveForm(
      async (values) => {
        const trimmed = Object.fromEntries(APP_LINK_KEYS.map((k) => [k, (values[k] ?? '').trim()])) as AppLinks;
        await alterAppLinks(trimmed);
        await client.invalidateQueries({ queryKey: ['appLinks'] });
        message.success(t('appLinks.saved'));
        onDone();
      },
      (err) => showServerFieldError(form, err, labels),
    );
  };

  return (
    <Form form={form} layout="vertical" initialValues={links} data-testid="app-links-form">
      <Typography.Paragraph type="secondary">{t('appLinks.hint')}</Typography.Paragraph>
      {APP_LINK_KEYS.map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={labels[k]}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                const s = (v ?? '').trim();
                if (s.length > APP_LINK_MAX) throw new Error(t('appLinks.tooLong', { max: APP_LINK_MAX }));
                if (s && !isHttpUrl(s)) throw new Error(t('appLinks.mustBeHttp'));
              },
            },
          ]}
        >
          <Input allowClear placeholder="https://" inputMode="url" data-testid={`link-${k}`} />
        </Form.Item>
      ))}
      <Space wrap>
        <Button onClick={onDone}>{t('appLinks.back')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="app-links-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
