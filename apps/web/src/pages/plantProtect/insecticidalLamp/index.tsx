import '../../../components/areaTexts';
import '../areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getLightDeviceList } from '../../../api/light';
import { useLiveDevices } from '../../../components/live/useLiveDevices';
import PointMap, { type MapPoint } from '../../../components/PointMap';
import { useParkStore } from '../../../stores/park';
import LampCard from './LampCard';

const LAMPS = { deviceClass: 'insectLamp' } as const;

/** Insecticidal lamps of the active park: live state and controls, and where they stand. */
export default function InsecticidalLampPage() {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const { query, devices } = useLiveDevices(LAMPS);
  const lights = useQuery({
    queryKey: ['lights', groupId],
    enabled: groupId !== null,
    queryFn: () => getLightDeviceList(groupId as number),
  });
  const points = useMemo<MapPoint[]>(
    () =>
      (lights.data ?? []).flatMap((l) =>
        l.latitude !== null && l.longitude !== null
          ? [
              {
                id: l.deviceId,
                name: l.deviceName,
                latitude: l.latitude,
                longitude: l.longitude,
                active: l.online && l.latest.lamp?.value === 1,
              },
            ]
          : [],
      ),
    [lights.data],
  );
  if (query.isLoading) return <Skeleton active />;
  const error = query.error ?? lights.error;
  if (error) return <Alert type="error" showIcon title={t('live.loadFailed')} description={error.message} />;
  if (devices.length === 0) return <Empty description={t('live.noDevices')} />;
  return (
    <Row gutter={[16, 16]} data-testid="lamp-page">
      <Col xs={24} xl={16}>
        <Row gutter={[16, 16]}>
          {devices.map((d) => (
            <Col xs={24} lg={12} key={d.deviceId}>
              <LampCard live={d} light={lights.data?.find((l) => l.deviceId === d.deviceId)} />
            </Col>
          ))}
        </Row>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('lamp.map')}>
          <PointMap points={points} />
        </Card>
      </Col>
    </Row>
  );
}
