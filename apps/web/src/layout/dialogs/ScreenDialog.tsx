import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Modal, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getScreenList } from '../../api/screens';
import { useAppLinks } from '../../components/DownloadList/useAppLinks';
import { SCREEN_DIALOG_WIDTH } from '../../config/app';
import { useParkStore } from '../../stores/park';
import { dialogProps } from '../../utils/dialog';
import { openLinked } from '../../utils/openLinked';
import MultiScreenList from './MultiScreenList';
import { builtInScreens } from './screenUrl';

/**
 * SPEC §2/§4: the active park's built-in screens, then the multi-park screens; a failed load of the
 * multi-park list closes the dialog (the error was already shown).
 */
export default function ScreenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const links = useAppLinks();
  // SPEC §2: the new-version screen lives on its own host and is opened with a link token and the park;
  // with none configured (NEW_SCREEN_URL) the entry opens the built-in dark screen
  const openNewVersion = (park: number) => {
    const url = links.data?.newScreenUrl ?? '';
    if (!url) return window.open(`/large-screen?groupId=${park}`, '_blank', 'noopener');
    void openLinked(url, 'newScreen', { groupId: String(park) });
  };
  const query = useQuery({ queryKey: ['screens'], queryFn: getScreenList, enabled: open, retry: false });
  useEffect(() => {
    if (open && query.isError) onClose();
  }, [open, query.isError, onClose]);
  return (
    <Modal
      {...dialogProps({ width: SCREEN_DIALOG_WIDTH })}
      open={open}
      title={t('screens.title')}
      footer={null}
      onCancel={onClose}
    >
      <div data-testid="screen-dialog">
        {groupId !== null && (
          <Space wrap data-testid="screen-dialog-builtin">
            {builtInScreens(groupId).map((s) => (
              <Button
                key={s.key}
                icon={<DesktopOutlined />}
                onClick={() => window.open(s.path, '_blank', 'noopener')}
                data-testid={`screen-dialog-${s.key}`}
              >
                {t(`screens.${s.key}`)}
              </Button>
            ))}
            <Button icon={<DesktopOutlined />} onClick={() => openNewVersion(groupId)} data-testid="screen-dialog-new">
              {t('screens.newVersion')}
            </Button>
          </Space>
        )}
        <Divider titlePlacement="start" plain>
          {t('screens.multi')}
        </Divider>
        <MultiScreenList
          screens={query.data}
          pending={query.isPending}
          empty={t('screens.empty')}
          openLabel={t('screens.open')}
        />
      </div>
    </Modal>
  );
}
