import { Button, Modal, Result, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import DownloadList from '../../components/DownloadList';
import { useAppLinks } from '../../components/DownloadList/useAppLinks';
import { DOWNLOAD_DIALOG_WIDTH } from '../../config/app';
import { dialogProps } from '../../utils/dialog';

// the editor and its texts load only when an administrator opens it
const AppLinksForm = lazy(() => import('../../components/AppLinksForm'));

/** The merchant's app links with QR codes; an administrator sets them here too. */
export default function DownloadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useAppLinks(open);
  const [editing, setEditing] = useState(false);
  const info = q.data;
  const share = info ? `${window.location.origin}/download-app?merchant=${info.merchantId}` : '';
  return (
    <Modal
      {...dialogProps({ width: DOWNLOAD_DIALOG_WIDTH })}
      open={open}
      title={t('download.title')}
      footer={null}
      onCancel={() => {
        setEditing(false);
        onClose();
      }}
    >
      {q.isError ? (
        <Result
          status="warning"
          title={q.error.message}
          extra={<Button onClick={() => void q.refetch()}>{t('common.refresh')}</Button>}
        />
      ) : editing && info ? (
        <Suspense fallback={null}>
          <AppLinksForm links={info.links} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <DownloadList links={info?.links} loading={q.isLoading} />
          {info ? (
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Link href={share} target="_blank" rel="noopener noreferrer" data-testid="download-share">
                {share.replace(/^https?:\/\//, '')}
              </Typography.Link>
              {info.canEdit ? (
                <Button onClick={() => setEditing(true)} data-testid="app-links-edit">
                  {t('download.edit')}
                </Button>
              ) : null}
            </Space>
          ) : null}
        </Space>
      )}
    </Modal>
  );
}
