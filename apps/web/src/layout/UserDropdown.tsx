import { DownOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../api/auth';
import { loginUrl } from '../router/guardDecision';
import { useSessionStore } from '../stores/session';
import { getCompany, getToken } from '../utils/auth';
import styles from './layout.module.css';

export default function UserDropdown() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();

  /**
   * SPEC §4: tell the server, then /login with company and redirect when a company is stored. The
   * guard resets the session on arrival at /login; resetting here first would make it send the user
   * to login with a redirect of its own.
   */
  const signOut = async () => {
    const token = getToken();
    if (token) await logout(token).catch(() => undefined);
    const company = getCompany();
    const here = location.pathname + location.search;
    navigate(company ? loginUrl(here, company) : '/login', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', icon: <HomeOutlined />, label: <span data-testid="user-menu-home">{t('navbar.home')}</span> },
          {
            key: 'password',
            icon: <KeyOutlined />,
            label: <span data-testid="user-menu-password">{t('navbar.changePassword')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout-item">{t('navbar.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate('/dashboard');
          else if (key === 'password') navigate('/user/password');
          else void signOut();
        },
      }}
    >
      <span className={styles.user} data-testid="user-dropdown">
        <Avatar size="small" src={user?.userLoge || undefined} icon={<UserOutlined />} />
        <span className={styles.userName}>{user?.userName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </span>
    </Dropdown>
  );
}
