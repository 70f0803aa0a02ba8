import './areaTexts';
import { Card, Col, Descriptions, Empty, Row, Statistic } from 'antd';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import NoticeBanner from '../../components/NoticeBanner';
import { parkLabel, useActivePark } from '../../stores/park';
import OutOfRangeCard from '../production/core/OutOfRangeCard';
import MaintenanceDueCard from '../production/stock/MaintenanceDueCard';
import AlarmsCard from './AlarmsCard';
import { DeviceCounts, LatestWeather, SoilSummary } from './HomeWidgets';
import { type HomeWidget, homeWidgets } from './homeWidgets';
import IrrigationCard from './IrrigationCard';
import PestsCard from './PestsCard';
import { usePermits } from './usePermits';

/**
 * Home: the active park at a glance - its record, devices, notices, and the live widgets the user's
 * permit list allows (a restricted role gets a smaller page, never a permission error).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const park = useActivePark();
  const widgets = homeWidgets(usePermits());
  if (!park) return <Empty description={t('dashboard.noPark')} />;
  const hasTraps = park.devices.some((d) => d.deviceClass === 'insectTrap');
  const widget: Record<HomeWidget, JSX.Element> = {
    alarms: <AlarmsCard groupId={park.groupId} />,
    weather: <LatestWeather />,
    soil: <SoilSummary />,
    irrigation: <IrrigationCard groupId={park.groupId} />,
    pests: <PestsCard groupId={park.groupId} hasTraps={hasTraps} />,
    plantings: <OutOfRangeCard groupId={park.groupId} />,
    machinery: <MaintenanceDueCard groupId={park.groupId} />,
  };
  const notSet = t('dashboard.notSet');
  return (
    <Row gutter={[16, 16]} data-testid="dashboard">
      <NoticeBanner />
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.parkCard')} data-testid="park-card">
          <Descriptions column={1} size="small" title={parkLabel(park)}>
            <Descriptions.Item label={t('dashboard.holderMan')}>{park.holderMan || notSet}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.area')}>
              {park.area === null ? notSet : t('dashboard.areaValue', { area: park.area })}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.address')}>{park.address || notSet}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.crops')}>{park.crops || notSet}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.devices')} data-testid="device-counts">
          <Statistic title={t('dashboard.deviceTotal')} value={park.devices.length} />
          <DeviceCounts groupId={park.groupId} devices={park.devices} />
        </Card>
      </Col>
      {widgets.map((w) => (
        <Col xs={24} lg={12} key={w}>
          {widget[w]}
        </Col>
      ))}
    </Row>
  );
}
