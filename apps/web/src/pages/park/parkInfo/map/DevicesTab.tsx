import '../../areaTexts';
import '../../../system/areaTexts';
import type { DevicePoint, GroupPoint, Park } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, List, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterDevicePoint, getPlacedDevices, getUnplacedDevices } from '../../../../api/points';
import MapCanvas, { type MapMarker } from '../../../../components/MapCanvas';
import { PARK_COLOR, parkCenter } from './mapView';

const ONLINE = '#52c41a';
const OFFLINE = '#8c8c8c';

export default function DevicesTab({ park, point }: { park: Park; point: GroupPoint | null }) {
  const { t } = useTranslation();
  const placed = useQuery({ queryKey: ['placed', park.groupId], queryFn: () => getPlacedDevices(park.groupId) });
  const unplaced = useQuery({ queryKey: ['unplaced', park.groupId], queryFn: () => getUnplacedDevices(park.groupId) });
  const [placing, setPlacing] = useState<DevicePoint | null>(null);
  const view = parkCenter(park, point);
  const reload = () => Promise.all([placed.refetch(), unplaced.refetch()]);
  const put = async (deviceId: number, at: [number, number] | null) => {
    try {
      await alterDevicePoint(deviceId, at);
    } catch {
      // shown by the request client (e.g. outside the park boundary)
    }
    setPlacing(null);
    await reload();
  };

  const markers = useMemo<MapMarker[]>(
    () =>
      (placed.data ?? []).map((d) => ({
        id: String(d.deviceId),
        at: [d.longitude!, d.latitude!],
        color: d.online ? ONLINE : OFFLINE,
        label: d.deviceName,
        draggable: true,
      })),
    [placed.data],
  );
  const polygons = useMemo(() => (point ? [{ id: 'park', ring: point.boundary, color: PARK_COLOR }] : []), [point]);
  const fitTo = useMemo(() => {
    const pts = [...(point?.boundary ?? []), ...markers.map((m) => m.at)];
    return pts.length ? pts : undefined;
  }, [point, markers]);

  /** One half of the page: devices on the map, or waiting for a place, each with its one action. */
  const column = (header: string, rows: DevicePoint[] | undefined, action: (d: DevicePoint) => React.ReactNode) => (
    <Col xs={24} md={12}>
      <List
        header={<b>{t(header)}</b>}
        size="small"
        dataSource={rows ?? []}
        renderItem={(d) => (
          <List.Item actions={[action(d)]} data-testid={`devpoint-${d.deviceId}`}>
            <List.Item.Meta
              title={d.deviceName}
              description={
                <Typography.Text type="secondary">
                  {d.serial} · {d.online ? t('devmgt.isOnline') : t('devmgt.isOffline')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Col>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type={placing ? 'warning' : 'info'}
        showIcon
        title={placing ? t('pmap.device.placing', { name: placing.deviceName }) : t('pmap.device.dragHint')}
        action={placing ? <Button onClick={() => setPlacing(null)}>{t('pmap.device.cancel')}</Button> : undefined}
      />
      <MapCanvas
        testId="devices-map"
        height={360}
        center={view.center}
        zoom={view.zoom}
        fitTo={fitTo}
        polygons={polygons}
        markers={markers}
        onMapClick={(at) => placing && put(placing.deviceId, at)}
        onMarkerMove={(id, at) => put(Number(id), at)}
      />
      <Row gutter={16}>
        {column('pmap.device.placed', placed.data, (d) => (
          <Button size="small" type="link" onClick={() => put(d.deviceId, null)}>
            {t('pmap.device.unplace')}
          </Button>
        ))}
        {column('pmap.device.unplaced', unplaced.data, (d) => (
          <Button size="small" type="link" onClick={() => setPlacing(d)} data-testid={`place-${d.deviceId}`}>
            {t('pmap.device.place')}
          </Button>
        ))}
      </Row>
    </Space>
  );
}
