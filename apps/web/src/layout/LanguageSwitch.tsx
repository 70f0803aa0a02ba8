import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../i18n';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lng) => ({
          key: lng,
          label: <span data-testid={`language-${lng}`}>{LABELS[lng]}</span>,
        })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        data-testid="language-switch"
      />
    </Dropdown>
  );
}
