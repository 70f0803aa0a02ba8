import '../areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCodeStats } from '../../../api/tracing';
import Chart from '../../../components/Chart';

/** Counts of the batch's codes and its scans per day (the park's days) as a bar chart. */
export default function StatsPanel({ batchId, version }: { batchId: number; version: number }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: ['traceCode', 'stats', batchId, version],
    queryFn: () => getCodeStats(batchId, 30),
  });
  const s = stats.data;
  const tiles: [string, number | undefined][] = [
    ['total', s?.total],
    ['scanned', s?.scanned],
    ['scanTotal', s?.scans],
    ['suspected', s?.suspected],
    ['voidCount', s?.void],
  ];
  const option = {
    grid: { left: 40, right: 16, top: 24, bottom: 40 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: (s?.days ?? []).map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: t('traceCode.scans'), data: (s?.days ?? []).map((d) => d.scans), color: '#1677ff' }],
  };
  return (
    <Card title={t('traceCode.stats')} size="small" data-testid="code-stats">
      <Row gutter={[16, 16]}>
        {tiles.map(([key, value]) => (
          <Col key={key} xs={12} sm={8} md={4}>
            <Statistic title={t(`traceCode.${key}`)} value={value ?? '—'} loading={stats.isLoading} />
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 8, fontSize: 13 }}>{t('traceCode.perDay')}</div>
      <Chart option={option} height={220} testId="code-scans-chart" />
    </Card>
  );
}
