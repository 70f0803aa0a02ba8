import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteChain } from '../access/routeChain';
import { APP_VERSION } from '../config/app';
import type { AppRoute } from '../config/routeTypes';
import { routeTitle } from '../i18n';
import { useSessionStore } from '../stores/session';
import { getCompany } from '../utils/auth';
import styles from './layout.module.css';
import defaultLogo from './logo.svg';

type Item = Required<MenuProps>['items'][number];

function toItems(routes: readonly AppRoute[], lng: string): Item[] {
  return routes.map((r) =>
    r.children?.length
      ? { key: r.path, icon: r.meta.icon, label: routeTitle(r.meta.title, lng), children: toItems(r.children, lng) }
      : { key: r.path, icon: r.meta.icon, label: routeTitle(r.meta.title, lng) },
  );
}

/** SPEC §2: company logo and abbreviation only when a company is stored; else the product's own. */
function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const branded = getCompany() !== null && user !== null;
  const logo = branded && user.userLoge ? user.userLoge : defaultLogo;
  const title = branded && user.userCompanyAbb ? user.userCompanyAbb : t('app.title');
  return (
    <div className={styles.logo} data-testid="sidebar-logo">
      <img src={logo} alt="" />
      {!collapsed && (
        <span className={styles.logoText}>
          <span className={styles.logoTitle}>{title}</span>
          <span className={styles.logoVersion}>{t('app.version', { version: APP_VERSION })}</span>
        </span>
      )}
    </div>
  );
}

export default function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { i18n } = useTranslation();
  const menu = useSessionStore((s) => s.menu);
  const routes = useSessionStore((s) => s.routes);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menu, i18n.language), [menu, i18n.language]);
  const chain = findRouteChain(routes, pathname);
  const open = chain.slice(0, -1).map((r) => r.path);
  // A hidden page (device-mgt/index) highlights the nearest entry the menu shows.
  const selected = [...chain].reverse().find((r) => !r.hidden)?.path ?? pathname;
  return (
    <>
      <Logo collapsed={collapsed} />
      <div data-testid="sidebar-menu">
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selected]}
          defaultOpenKeys={collapsed ? [] : open}
          key={collapsed ? 'collapsed' : open.join('|')}
          onClick={({ key }) => navigate(key)}
        />
      </div>
    </>
  );
}
