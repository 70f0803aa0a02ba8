import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteTitle } from '../../router/useCurrentRoute';

/** The one placeholder for pages that later issues fill: it says so plainly and shows no data. */
export default function PageNotBuilt({ capability }: { capability: string }) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Result
      data-testid="page-not-built"
      icon={<ToolOutlined />}
      title={title}
      subTitle={t('notBuilt.body', { capability: t(`capability.${capability}`) })}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    />
  );
}
