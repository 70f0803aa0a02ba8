import { Card, Col, Descriptions, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import NoticeBanner from '../../components/NoticeBanner';
import { parkLabel, useActivePark } from '../../stores/park';
import { DeviceCounts, LaterSections, LatestWeather, SoilSummary } from './HomeWidgets';

/** Home: the active park at a glance - its record, devices online, live weather and soil moisture. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const park = useActivePark();
  if (!park) return <Empty description={t('dashboard.noPark')} />;
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
      <Col xs={24} lg={12}>
        <LatestWeather />
      </Col>
      <Col xs={24} lg={12}>
        <SoilSummary />
      </Col>
      <Col span={24}>
        <LaterSections />
      </Col>
    </Row>
  );
}
