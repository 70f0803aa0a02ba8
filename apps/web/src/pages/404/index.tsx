import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      data-testid="not-found"
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}
