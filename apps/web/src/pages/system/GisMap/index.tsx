import '../areaTexts';
import type { GisPark, LngLat } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getGisMapList } from '../../../api/points';
import MapCanvas, { type MapMarker, type MapPolygon } from '../../../components/MapCanvas';
import { useChannelOfParks } from '../../../mqtt/channels';
import DevicePopup from './DevicePopup';
import { applyGisStatus } from './liveStatus';

/** Where a park's name goes: its group point, its own location, or the middle of its devices. */
function parkLocation(p: GisPark): LngLat | null {
  if (p.point) return [p.point.longitude, p.point.latitude];
  if (p.longitude !== null && p.latitude !== null) return [p.longitude, p.latitude];
  if (p.devices.length === 0) return null;
  const n = p.devices.length;
  return [p.devices.reduce((s, d) => s + d.longitude!, 0) / n, p.devices.reduce((s, d) => s + d.latitude!, 0) / n];
}

const ONLINE = '#52c41a';
const OFFLINE = '#8c8c8c';

/** System > GIS map: every park's boundary and areas, every placed device with its live status. */
export default function GisMapPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['gisMap'], queryFn: () => getGisMapList() });
  const [parks, setParks] = useState<GisPark[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => setParks(query.data ?? []), [query.data]);

  // One status channel per park the user may see (the broker refuses others).
  const groupIds = useMemo(() => (query.data ?? []).map((p) => p.groupId), [query.data]);
  useChannelOfParks('status', groupIds, (msg) => setParks((list) => applyGisStatus(list, msg)));

  const polygons = useMemo<MapPolygon[]>(
    () =>
      parks.flatMap((p) => [
        ...(p.point?.boundary.length
          ? [{ id: `p${p.groupId}`, ring: p.point.boundary, color: '#1677ff' }] // named by its marker
          : []),
        // plot names show once a plot has room for its name (MapCanvas leaves out labels that do not fit)
        ...p.areas.map((a) => ({ id: `a${a.areaPointId}`, ring: a.boundary, color: '#52c41a', label: a.areaName })),
      ]),
    [parks],
  );
  const markers = useMemo<MapMarker[]>(
    () => [
      ...parks.flatMap((p) => {
        const at = parkLocation(p);
        return at ? [{ id: `park-${p.groupId}`, at, color: '#1677ff', label: p.groupName, permanentLabel: true }] : [];
      }),
      ...parks.flatMap((p) =>
        p.devices.map((d) => ({
          id: String(d.deviceId),
          at: [d.longitude!, d.latitude!] as LngLat,
          color: d.online ? ONLINE : OFFLINE,
          label: `${d.deviceName} · ${p.groupName}`,
          onClick: () => setSelected(d.deviceId),
        })),
      ),
    ],
    [parks],
  );
  const fitTo = useMemo(() => {
    const shown = (query.data ?? []).filter((p) => focus === null || p.groupId === focus);
    const pts: LngLat[] = shown.flatMap((p) => [
      ...(p.point?.boundary ?? []),
      ...p.devices.map((d) => [d.longitude!, d.latitude!] as LngLat),
      ...(parkLocation(p) ? [parkLocation(p)!] : []),
    ]);
    return pts.length ? pts : undefined;
  }, [query.data, focus]);

  const total = parks.reduce((n, p) => n + p.devices.length, 0);
  const online = parks.reduce((n, p) => n + p.devices.filter((d) => d.online).length, 0);
  const current = parks.flatMap((p) => p.devices.map((d) => ({ d, p }))).find((x) => x.d.deviceId === selected);

  return (
    <Card
      title={t('gis.title')}
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 200 }}
            value={focus ?? 0}
            onChange={(v: number) => setFocus(v || null)}
            data-testid="gis-park"
            options={[
              { value: 0, label: t('gis.parks', { count: parks.length }) },
              ...parks.map((p) => ({ value: p.groupId, label: p.groupName })),
            ]}
          />
          <Typography.Text data-testid="gis-online">{t('gis.devicesOnline', { online, total })}</Typography.Text>
          <Tag color={ONLINE}>{t('gis.legendOnline')}</Tag>
          <Tag color={OFFLINE}>{t('gis.legendOffline')}</Tag>
        </Space>
      }
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={current ? 17 : 24}>
          {query.isSuccess && (
            <MapCanvas
              testId="gis-map"
              height="calc(100vh - 240px)"
              center={[116.4, 39.9]}
              zoom={5}
              fitTo={fitTo}
              fitKey={String(focus)}
              polygons={polygons}
              markers={markers}
            />
          )}
        </Col>
        {current && (
          <Col xs={24} lg={7}>
            <DevicePopup
              device={current.d}
              groupId={current.p.groupId}
              groupName={current.p.groupName}
              onClose={() => setSelected(null)}
            />
          </Col>
        )}
      </Row>
    </Card>
  );
}
