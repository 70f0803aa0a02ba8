import './areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Card, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getStatistics } from '../../api/pests';
import Chart from '../../components/Chart';
import { last7Days } from '../../utils/dateRange';
import { pickedDays } from '../../utils/time';
import { statsBarOption } from '../pests/chartOptions';
import WidgetState from './WidgetState';

/** Insect catches of the park's last 7 days by category, from the traps' detections. */
export default function PestsCard({ groupId, hasTraps }: { groupId: number; hasTraps: boolean }) {
  const { t } = useTranslation();
  const [startTime, endTime] = useMemo(() => pickedDays(last7Days()), []);
  const query = useQuery({
    queryKey: ['home', 'pests', groupId, startTime],
    queryFn: () => getStatistics({ groupId, kind: 'insect', startTime, endTime }),
    enabled: hasTraps,
    retry: false,
  });
  const stats = query.data;
  const caught = stats?.rows.filter((r) => r.count > 0) ?? [];
  return (
    <Card
      title={t('home.pests')}
      data-testid="home-pests"
      extra={stats ? <span style={{ fontSize: 12 }}>{t('home.photos', { count: stats.photos })}</span> : null}
    >
      <WidgetState
        loading={hasTraps && query.isLoading}
        error={query.error}
        empty={!hasTraps || caught.length === 0}
        emptyText={hasTraps ? t('home.noCatches') : t('home.noTraps')}
      >
        <div data-testid="home-pest-total">
          <Statistic title={t('home.pestTotal')} value={stats?.total ?? 0} />
        </div>
        <Chart option={statsBarOption(caught, t('home.catches'))} height={220} testId="home-pest-chart" />
      </WidgetState>
    </Card>
  );
}
