import '../../dashboard/areaTexts';
import './areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMaintenanceDue } from '../../../api/production';
import { parkNow } from '../../../utils/time';

/** Home page card: the park's machines whose maintenance falls due within 7 days (or is overdue). */
export default function MaintenanceDueCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['home', 'maintenanceDue', groupId],
    queryFn: () => getMaintenanceDue(groupId),
    retry: false,
  });
  const today = parkNow().format('YYYY-MM-DD');
  const lbl = (k: string, o?: Record<string, unknown>) => t(`productionStock.home.${k}`, o);
  return (
    <Card
      title={lbl('title')}
      extra={<Link to="/productionManagement/machinery">{t('productionStock.machinery.maintenance')}</Link>}
      data-testid="home-maintenance"
    >
      {q.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {q.error ? (
        <Alert type="error" showIcon title={t('home.loadFailed', { msg: (q.error as Error).message })} />
      ) : null}
      {q.data && q.data.count === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={lbl('none')} /> : null}
      {q.data && q.data.count > 0 ? (
        <List
          size="small"
          header={<strong data-testid="home-maintenance-count">{lbl('due', { n: q.data.count })}</strong>}
          dataSource={q.data.machines}
          renderItem={(m) => (
            <List.Item>
              {m.name}
              <Tag color={m.nextDueOn < today ? 'red' : 'orange'}>{m.nextDueOn}</Tag>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
