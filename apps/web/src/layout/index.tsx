import { Layout as AntLayout, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '../config/app';
import { useAppStore } from '../stores/app';
import Breadcrumbs from './Breadcrumbs';
import styles from './layout.module.css';
import Navbar from './Navbar';
import Sidebar from './Sidebar';
import { useDeviceMode } from './useDeviceMode';

/** SPEC §2 layout: a 210 px collapsible sidebar on desktop, a drawer below 992 px that closes on navigation. */
export default function Layout() {
  const device = useDeviceMode();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every route change is the point
  useEffect(() => setDrawerOpen(false), [pathname]);

  const mobile = device === 'mobile';
  return (
    <AntLayout className={styles.shell}>
      {mobile ? (
        <Drawer
          placement="left"
          size={SIDEBAR_WIDTH_PX}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <AntLayout.Sider
          className={styles.sider}
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={64}
          collapsed={!opened}
          trigger={null}
        >
          <Sidebar collapsed={!opened} />
        </AntLayout.Sider>
      )}
      <AntLayout>
        <Navbar
          menuOpen={mobile ? drawerOpen : opened}
          onMenuClick={mobile ? () => setDrawerOpen((o) => !o) : toggle}
        />
        <Breadcrumbs />
        <AntLayout.Content className={styles.content}>
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
