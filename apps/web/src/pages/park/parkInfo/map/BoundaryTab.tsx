import '../../areaTexts';
import type { GroupPoint, LngLat, Park } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Radio, Space, Typography } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterGroupPoint, getPlacedDevices, removeGroupPoint } from '../../../../api/points';
import MapCanvas, { type MapMarker } from '../../../../components/MapCanvas';
import { emptyPolygon, isSavable, polygonReducer, ringHectares } from '../../../../components/MapCanvas/polygonEditor';
import { useSaving } from '../../../../utils/formSave';
import { EDIT_COLOR, LANDMARK_COLOR, PARK_COLOR, parkCenter } from './mapView';

type Mode = 'draw' | 'locate';

export default function BoundaryTab({
  park,
  point,
  onSaved,
}: {
  park: Park;
  point: GroupPoint | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [poly, dispatch] = useReducer(polygonReducer, point?.boundary ?? [], emptyPolygon);
  const [mode, setMode] = useState<Mode>('draw');
  const view = parkCenter(park, point);
  const [location, setLocation] = useState<LngLat | null>(
    point
      ? [point.longitude, point.latitude]
      : park.longitude !== null && park.latitude !== null
        ? [park.longitude, park.latitude]
        : null,
  );
  // Placed devices as landmarks: on a plain background they are the only sense of where things are.
  const devices = useQuery({ queryKey: ['placed', park.groupId], queryFn: () => getPlacedDevices(park.groupId) });
  const { saving, run } = useSaving();

  const markers = useMemo<MapMarker[]>(
    () => [
      ...(devices.data ?? []).map((d) => ({
        id: `d${d.deviceId}`,
        at: [d.longitude!, d.latitude!] as LngLat,
        color: LANDMARK_COLOR,
        label: d.deviceName,
      })),
      ...(location ? [{ id: 'park', at: location, color: PARK_COLOR, label: park.groupName, draggable: true }] : []),
    ],
    [location, park.groupName, devices.data],
  );
  const polygons = useMemo(() => [{ id: 'boundary', ring: poly.ring, color: EDIT_COLOR, editable: true }], [poly.ring]);
  const fitTo = useMemo(() => {
    if (point?.boundary.length) return point.boundary;
    const pts = (devices.data ?? []).map((d) => [d.longitude!, d.latitude!] as LngLat);
    return pts.length ? pts : undefined;
  }, [point, devices.data]);

  const save = async () => {
    if (!location) return void message.warning(t('pmap.needLocation'));
    if (!isSavable(poly.ring)) return void message.warning(t('pmap.notSavable'));
    // a refusal is shown by the request client, with the field the server named
    await run(async () => {
      await alterGroupPoint({
        groupId: park.groupId,
        longitude: location[0],
        latitude: location[1],
        zoom: view.zoom < 10 ? 16 : view.zoom,
        boundary: poly.ring,
      });
      message.success(t('pmap.saved'));
      onSaved();
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          optionType="button"
          data-testid="boundary-mode"
        >
          <Radio.Button value="draw">{t('pmap.draw')}</Radio.Button>
          <Radio.Button value="locate">{t('pmap.setLocation')}</Radio.Button>
        </Radio.Group>
        {(
          [
            ['undo', poly.history.length === 0],
            ['clear', poly.ring.length === 0],
          ] as const
        ).map(([type, nothingTo]) => (
          <Button key={type} onClick={() => dispatch({ type })} disabled={nothingTo} data-testid={`boundary-${type}`}>
            {t(`pmap.${type}`)}
          </Button>
        ))}
        <Button type="primary" loading={saving} onClick={save} data-testid="boundary-save">
          {t('pmap.save')}
        </Button>
        {point && (
          <Popconfirm
            title={t('pmap.removePointConfirm')}
            onConfirm={async () => {
              await removeGroupPoint(point.pointId).catch(() => undefined);
              onSaved();
            }}
          >
            <Button danger>{t('pmap.removePoint')}</Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Text type="secondary" data-testid="boundary-status">
        {mode === 'draw' ? t('pmap.drawing') : t('pmap.locating')} ·{' '}
        {t('pmap.vertices', { count: poly.ring.length, ha: ringHectares(poly.ring).toFixed(1) })}
      </Typography.Text>
      <MapCanvas
        testId="boundary-map"
        center={view.center}
        zoom={view.zoom}
        fitTo={fitTo}
        polygons={polygons}
        markers={markers}
        onMapClick={(at) => (mode === 'draw' ? dispatch({ type: 'add', at }) : setLocation(at))}
        onVertexMove={(_, index, at) => dispatch({ type: 'move', index, at })}
        onMarkerMove={(id, at) => id === 'park' && setLocation(at)}
      />
    </Space>
  );
}
