import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { removeToken } from '../../utils/auth';

/** SPEC §8: one dialog however many calls fail; re-login clears the token and reloads, cancel stays. */
export default function ForcedLogoutDialog() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.forcedLogoutOpen);
  const close = () => useAppStore.getState().setForcedLogoutOpen(false);
  const relogin = () => {
    removeToken();
    sessionStorage.clear();
    window.location.reload();
  };
  return (
    <Modal
      open={open}
      width={420}
      mask={{ closable: false }}
      closable={false}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
          {t('forcedLogout.title')}
        </span>
      }
      footer={[
        <Button key="cancel" data-testid="forced-logout-cancel" onClick={close}>
          {t('forcedLogout.cancel')}
        </Button>,
        <Button key="relogin" type="primary" data-testid="forced-logout-relogin" onClick={relogin}>
          {t('forcedLogout.relogin')}
        </Button>,
      ]}
    >
      <p data-testid="forced-logout-dialog">{t('forcedLogout.content')}</p>
    </Modal>
  );
}
