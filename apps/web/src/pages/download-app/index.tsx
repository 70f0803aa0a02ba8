import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getAppLinks, getPublicAppLinks } from '../../api/appLinks';
import DownloadList from '../../components/DownloadList';
import { getToken } from '../../utils/auth';

/**
 * Public page with the merchant's app entries and QR codes: the merchant named by `?merchant=` (the
 * address the top bar's download dialog shares), else the signed-in user's own merchant.
 */
export default function DownloadAppPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const merchant = Number(params.get('merchant'));
  const named = Number.isInteger(merchant) && merchant > 0;
  const q = useQuery({
    queryKey: ['appLinks', 'page', named ? merchant : 'own'],
    queryFn: async () => (named ? getPublicAppLinks(merchant) : (await getAppLinks()).links),
    enabled: named || Boolean(getToken()),
  });
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Card title={t('downloadPage.title')}>
        <DownloadList links={q.data} loading={q.isLoading} />
      </Card>
    </div>
  );
}
