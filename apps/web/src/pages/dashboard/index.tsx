import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { parkLabel, useActivePark } from '../../stores/park';
import { countByClass } from './countDevices';

/** Home: the active park at a glance from its real record and device list; live widgets come later. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const park = useActivePark();
  if (!park) return <Empty description={t('dashboard.noPark')} />;
  const notSet = t('dashboard.notSet');
  const counts = countByClass(park.devices);
  return (
    <Row gutter={[16, 16]} data-testid="dashboard">
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
          {counts.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noDevices')} />
          ) : (
            <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
              {counts.map(({ deviceClass, count }) => (
                <Col key={deviceClass} xs={12} sm={8}>
                  <Statistic title={t(`deviceClass.${deviceClass}`)} value={count} />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
      <Col span={24}>
        <Alert type="info" showIcon icon={<InfoCircleOutlined />} title={t('dashboard.liveNote')} />
      </Col>
    </Row>
  );
}
