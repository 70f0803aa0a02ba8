import './areaTexts';
import { Card, Empty } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStockPark } from './usePark';

/** Shown until a park is chosen: stock, work and machines belong to one park. */
export default function NoPark() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty description={t('productionStock.noPark')} />
    </Card>
  );
}

/**
 * A stock page of the top bar's park: NoPark until one is chosen, and the page afresh (filters, paging,
 * what it had open) when the park changes, since every row it shows belongs to that one park.
 */
export function ParkPage({ page: Page }: { page: ComponentType<{ groupId: number }> }) {
  const groupId = useStockPark();
  return groupId === null ? <NoPark /> : <Page key={groupId} groupId={groupId} />;
}
