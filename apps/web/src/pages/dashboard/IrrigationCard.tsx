import './areaTexts';
import '../irrigation/areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMachineList } from '../../api/irrigation';
import { useIrrigationLive } from '../../mqtt/useIrrigationLive';
import WidgetState from './WidgetState';

/** Runs going on now in the park: machine, zones, time since start and water so far, kept live. */
export default function IrrigationCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  // the 'irrigation' key lets useIrrigationLive refetch it when a run changes or telemetry arrives
  const query = useQuery({
    queryKey: ['irrigation', 'home', groupId],
    queryFn: () => getMachineList(groupId),
    retry: false,
  });
  useIrrigationLive();
  const runs = (query.data ?? []).flatMap((m) => (m.activeRun ? [m.activeRun] : []));
  return (
    <Card title={t('home.irrigation')} data-testid="home-irrigation">
      <WidgetState loading={query.isLoading} error={query.error} empty={runs.length === 0} emptyText={t('home.noRuns')}>
        <List
          size="small"
          dataSource={runs}
          renderItem={(run) => {
            const since = run.startedAt ?? run.createdAt;
            return (
              <List.Item data-testid="home-run" data-run-id={run.runId}>
                <List.Item.Meta
                  title={
                    <Space size={4} wrap>
                      <span>{run.deviceName}</span>
                      <Tag color="processing">{t(`irr.runState.${run.state}`)}</Tag>
                    </Space>
                  }
                  description={
                    <Space size={12} wrap>
                      <span>
                        {t('home.zones')}: {run.zones.join(', ')}
                      </span>
                      <span>
                        {t('home.elapsed')}:{' '}
                        {t('home.minutes', { count: Math.max(0, Math.floor((Date.now() - since) / 60_000)) })}
                      </span>
                      <span>
                        {t('home.water')}: {run.waterM3 === null ? '—' : `${run.waterM3.toFixed(2)} m³`}
                      </span>
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      </WidgetState>
    </Card>
  );
}
