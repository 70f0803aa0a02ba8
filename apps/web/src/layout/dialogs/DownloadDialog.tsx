import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import DownloadList from '../../components/DownloadList';
import { DOWNLOAD_DIALOG_WIDTH } from '../../config/app';
import { dialogProps } from '../../utils/dialog';

export default function DownloadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      {...dialogProps({ width: DOWNLOAD_DIALOG_WIDTH })}
      open={open}
      title={t('download.title')}
      footer={null}
      onCancel={onClose}
    >
      <DownloadList />
    </Modal>
  );
}
