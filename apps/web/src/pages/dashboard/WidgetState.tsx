import './areaTexts';
import { Alert, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A home widget's body: a skeleton while loading, the error in place, an empty note, or the content. */
export default function WidgetState({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error) return <Alert type="error" showIcon title={t('home.loadFailed', { msg: error.message })} />;
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return <>{children}</>;
}
