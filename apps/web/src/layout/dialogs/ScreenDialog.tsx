import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getScreenList } from '../../api/screens';
import { SCREEN_DIALOG_WIDTH } from '../../config/app';
import { dialogProps } from '../../utils/dialog';

export function screenUrl(address: string, title: string): string {
  return `${address}${address.includes('?') ? '&' : '?'}screenTitle=${encodeURIComponent(title)}`;
}

/** SPEC §2/§4: lists the multi-park screens; a failed load closes the dialog (the error was already shown). */
export default function ScreenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
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
        {query.isPending ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : query.data?.length ? (
          <List
            dataSource={query.data}
            renderItem={(s) => (
              <List.Item
                actions={[
                  <Button
                    key="open"
                    type="link"
                    onClick={() => window.open(screenUrl(s.screenAddress, s.screenTitle), '_blank', 'noopener')}
                  >
                    {t('screens.open')}
                  </Button>,
                ]}
              >
                <List.Item.Meta avatar={<DesktopOutlined />} title={s.screenTitle} description={s.screenAddress} />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('screens.empty')} />
        )}
      </div>
    </Modal>
  );
}
