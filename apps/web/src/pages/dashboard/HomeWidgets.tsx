import '../../components/areaTexts';
import './areaTexts';
import type { DeviceParamConfig, ParkDevice } from '@farmpark/contracts';
import { useQueries } from '@tanstack/react-query';
import { Alert, Badge, Card, Col, Empty, List, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { getInitParamConfigList } from '../../api/telemetry';
import { formatValue } from '../../components/live/formatValue';
import { useLiveDevices } from '../../components/live/useLiveDevices';
import { formatTimeAgo } from '../../utils/timeAgo';
import { countByClass } from './countDevices';
import { statusClasses } from './homeWidgets';
import { usePermits } from './usePermits';

const WEATHER_KEYS = ['airTemp', 'airHumidity', 'windSpeed', 'rainfall', 'solarRadiation', 'airPressure'];
const MOISTURE_KEYS = ['soilMoisture10', 'soilMoisture20', 'soilMoisture40'];

/**
 * Device counts per class (from the park, which every role sees) with how many are online, read from
 * the live configuration of the classes this role may watch; the others show their count alone.
 */
export function DeviceCounts({ groupId, devices }: { groupId: number; devices: readonly ParkDevice[] }) {
  const { t, i18n } = useTranslation();
  const permits = usePermits();
  const counts = countByClass(devices);
  const watched = new Set(
    statusClasses(
      permits,
      counts.map((c) => c.deviceClass),
    ),
  );
  const results = useQueries({
    queries: counts.map(({ deviceClass }) => ({
      queryKey: ['paramConfigs', deviceClass, groupId, i18n.language],
      queryFn: () => getInitParamConfigList({ deviceClass }, groupId),
      enabled: watched.has(deviceClass),
      retry: false,
    })),
  });
  if (counts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noDevices')} />;
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
      {counts.map(({ deviceClass, count }, i) => {
        const list = results[i]?.data;
        const online = list?.filter((d) => d.online).length;
        return (
          <Col key={deviceClass} xs={12} sm={8} data-testid={`count-${deviceClass}`}>
            <Statistic title={t(`deviceClass.${deviceClass}`)} value={count} />
            {online !== undefined ? (
              <Space size={8} style={{ fontSize: 12 }}>
                <Badge status="success" text={t('home.online', { count: online })} />
                <Badge status="default" text={t('home.offline', { count: count - online })} />
              </Space>
            ) : null}
          </Col>
        );
      })}
    </Row>
  );
}

function Readings({ device, keys }: { device: DeviceParamConfig; keys: readonly string[] }) {
  const { t } = useTranslation();
  const params = keys.flatMap((k) => device.params.filter((p) => p.key === k && !p.hidden));
  return (
    <Row gutter={[12, 12]}>
      {params.map((p) => {
        const v = device.latest[p.key];
        return (
          <Col xs={12} sm={8} key={p.key}>
            <Statistic title={p.name} value={v ? formatValue(p, v.value, t) : '—'} suffix={v ? p.unit : undefined} />
          </Col>
        );
      })}
    </Row>
  );
}

/** The park's weather station, live. */
export function LatestWeather() {
  const { t } = useTranslation();
  const { query, devices } = useLiveDevices({ family: 'weather' });
  const station = devices.find((d) => d.online) ?? devices[0];
  return (
    <Card
      title={t('home.weather')}
      loading={query.isLoading}
      data-testid="home-weather"
      extra={
        station?.lastReportAt ? (
          <span style={{ fontSize: 12 }}>
            {station.deviceName} · {formatTimeAgo(t, station.lastReportAt)}
          </span>
        ) : null
      }
    >
      {query.error ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : station ? (
        <Readings device={station} keys={WEATHER_KEYS} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noWeather')} />
      )}
    </Card>
  );
}

/** Soil moisture per station at each depth, with the park average of the top layer. */
export function SoilSummary() {
  const { t } = useTranslation();
  const { query, devices } = useLiveDevices({ family: 'soil' });
  const top = devices.flatMap((d) => (d.latest.soilMoisture10 ? [d.latest.soilMoisture10.value] : []));
  const avg = top.length ? top.reduce((a, b) => a + b, 0) / top.length : null;
  return (
    <Card title={t('home.soil')} loading={query.isLoading} data-testid="home-soil">
      {query.error ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noSoil')} />
      ) : (
        <>
          <Statistic
            title={`${t('home.avgMoisture')} (10 cm) · ${t('home.stations', { count: devices.length })}`}
            value={avg === null ? '—' : avg.toFixed(1)}
            suffix={avg === null ? undefined : '%'}
          />
          <List
            size="small"
            dataSource={devices}
            renderItem={(d) => (
              <List.Item>
                <span>
                  <Badge status={d.online ? 'success' : 'default'} /> {d.deviceName}
                </span>
                <span>
                  {MOISTURE_KEYS.map((k) => {
                    const p = d.params.find((x) => x.key === k);
                    const v = d.latest[k];
                    return p && v ? `${v.value.toFixed(p.decimals)}%` : '—';
                  }).join(' / ')}
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
