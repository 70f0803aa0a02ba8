import {
  DesktopOutlined,
  DownloadOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { App, Badge, Button, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLinks } from '../components/DownloadList/useAppLinks';
import { useMqttStatus } from '../mqtt';
import AlarmBell from '../pages/alarm/live/AlarmBell';
import { useAppStore } from '../stores/app';
import { openLinked } from '../utils/openLinked';
import Clock from './Clock';
import DownloadDialog from './dialogs/DownloadDialog';
import ScreenDialog from './dialogs/ScreenDialog';
import FullscreenToggle from './FullscreenToggle';
import LanguageSwitch from './LanguageSwitch';
import styles from './layout.module.css';
import ParkSelector from './ParkSelector';
import UserDropdown from './UserDropdown';
import Weather from './Weather';

function IconButton({
  title,
  icon,
  onClick,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <Button type="text" aria-label={title} icon={icon} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

export default function Navbar({ onMenuClick, menuOpen }: { onMenuClick: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const device = useAppStore((s) => s.device);
  const connected = useMqttStatus();
  const [screensOpen, setScreensOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const closeScreens = useCallback(() => setScreensOpen(false), []);

  // the help address is configured on the server (HELP_URL), read with the download links
  const links = useAppLinks();
  const openHelp = () => {
    const helpUrl = links.data?.helpUrl ?? '';
    if (!helpUrl) {
      message.info(t('navbar.helpNotConfigured'));
      return;
    }
    void openLinked(helpUrl, 'help');
  };

  return (
    <header className={styles.header}>
      <div className={styles.headerLeft}>
        <Button
          type="text"
          aria-label={t('navbar.toggleSidebar')}
          data-testid="sidebar-toggle"
          icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onMenuClick}
        />
        {device === 'desktop' && <Clock />}
        <Weather />
        <Tooltip title={connected ? t('navbar.mqttOnline') : t('navbar.mqttOffline')}>
          <Badge status={connected ? 'success' : 'default'} data-testid="mqtt-status" data-connected={connected} />
        </Tooltip>
      </div>
      <ParkSelector />
      <div className={styles.headerRight}>
        <IconButton
          title={t('navbar.help')}
          icon={<QuestionCircleOutlined />}
          onClick={openHelp}
          testId="help-button"
        />
        <IconButton
          title={t('navbar.screens')}
          icon={<DesktopOutlined />}
          onClick={() => setScreensOpen(true)}
          testId="screens-button"
        />
        <IconButton
          title={t('navbar.download')}
          icon={<DownloadOutlined />}
          onClick={() => setDownloadOpen(true)}
          testId="download-button"
        />
        <AlarmBell />
        <LanguageSwitch />
        <FullscreenToggle />
        <UserDropdown />
      </div>
      <ScreenDialog open={screensOpen} onClose={closeScreens} />
      <DownloadDialog open={downloadOpen} onClose={() => setDownloadOpen(false)} />
    </header>
  );
}
