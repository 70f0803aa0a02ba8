import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../config/publicPaths';
import { routeTitle } from '../i18n';
import { useRouteChain } from '../router/useCurrentRoute';
import styles from './layout.module.css';

/** SPEC §2: always starts with home; sections are plain text (they only redirect). */
export default function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  const chain = useRouteChain().filter((r) => r.path !== HOME_PATH);
  const items = [
    {
      key: 'home',
      title: (
        <Link to={HOME_PATH}>
          <HomeOutlined /> {t('navbar.home')}
        </Link>
      ),
    },
    ...chain.map((r) => ({ key: r.path, title: routeTitle(r.meta.title, i18n.language) })),
  ];
  return <Breadcrumb className={styles.crumbs} items={items} data-testid="breadcrumb" />;
}
