import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../config/publicPaths';

/** Mounting here remounts the page that follows, so it reloads its data for the new park. */
export default function RefreshPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  useEffect(() => {
    const target = from?.startsWith('/') && !from.startsWith('/refresh') ? from : HOME_PATH;
    navigate(target, { replace: true });
  }, [from, navigate]);
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip={t('refresh.loading')}>
        <div style={{ height: 48 }} />
      </Spin>
    </div>
  );
}
