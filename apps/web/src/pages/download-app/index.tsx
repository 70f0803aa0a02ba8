import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import DownloadList from '../../components/DownloadList';

/** Public page with the same configured entries as the top bar's download dialog. */
export default function DownloadAppPage() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Card title={t('downloadPage.title')}>
        <DownloadList />
      </Card>
    </div>
  );
}
