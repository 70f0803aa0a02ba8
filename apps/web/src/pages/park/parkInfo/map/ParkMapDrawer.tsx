import '../../areaTexts';
import type { Park } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Grid, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getGroupPoint } from '../../../../api/points';
import AreasTab from './AreasTab';
import BoundaryTab from './BoundaryTab';
import DevicesTab from './DevicesTab';
import ScreenTab from './ScreenTab';

const HAS_TILES = Boolean(import.meta.env.VITE_MAP_TILE_URL);

/** One park's map: boundary and location, area points, device points and the data-screen binding. */
export default function ParkMapDrawer({ park, onClose }: { park: Park | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().md;
  const groupId = park?.groupId ?? 0;
  const point = useQuery({ queryKey: ['groupPoint', groupId], queryFn: () => getGroupPoint(groupId), enabled: !!park });
  return (
    <Drawer
      open={park !== null}
      onClose={onClose}
      size={phone ? '100%' : 960}
      title={park ? t('pmap.title', { name: park.groupName }) : ''}
      destroyOnHidden
      data-testid="park-map-drawer"
    >
      {!HAS_TILES && <Alert type="info" showIcon title={t('pmap.noTiles')} style={{ marginBottom: 12 }} />}
      {park && point.isSuccess && (
        <Tabs
          items={[
            {
              key: 'boundary',
              label: t('pmap.tabs.boundary'),
              children: <BoundaryTab park={park} point={point.data} onSaved={() => point.refetch()} />,
            },
            { key: 'areas', label: t('pmap.tabs.areas'), children: <AreasTab park={park} point={point.data} /> },
            { key: 'devices', label: t('pmap.tabs.devices'), children: <DevicesTab park={park} point={point.data} /> },
            { key: 'screen', label: t('pmap.tabs.screen'), children: <ScreenTab park={park} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
