import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from './useCurrentRoute';

/** SPEC §2: route title + " - " + product title. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const product = t('app.title');
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
}
