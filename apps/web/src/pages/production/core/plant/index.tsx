import '../areaTexts';
import { Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParkStore } from '../../../../stores/park';
import CropTab from './CropTab';
import PlantingTab from './PlantingTab';

/** Production > crops: the active park's plantings, and the merchant's crop catalogue. */
export default function PlantPage() {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'plantings',
          label: t('production.planting.tab'),
          children: groupId === null ? <Empty /> : <PlantingTab groupId={groupId} />,
        },
        { key: 'crops', label: t('production.crop.tab'), children: <CropTab /> },
      ]}
    />
  );
}
