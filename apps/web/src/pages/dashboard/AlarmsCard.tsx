import './areaTexts';
import type { AlarmRecord } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAlarmList } from '../../api/alarms';
import { useAlarmFeed } from '../../mqtt/useAlarmFeed';
import { formatTime } from '../../utils/time';
import AckDialog from '../alarm/alarmList/components/AckDialog';
import { SeverityTag } from '../alarm/labels';
import WidgetState from './WidgetState';

const SHOWN = 5;

/** The park's unacknowledged alarms, newest first, each acknowledged in place; new ones arrive live. */
export default function AlarmsCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [ackIds, setAckIds] = useState<number[] | null>(null);
  const query = useQuery({
    queryKey: ['home', 'alarms', groupId],
    queryFn: () => getAlarmList({ groupId, state: 'active', pageNum: 1, pageSize: SHOWN }),
    retry: false,
  });
  const reload = () => void query.refetch();
  useAlarmFeed(reload, reload);
  const list: AlarmRecord[] = query.data?.list ?? [];
  const more = (query.data?.total ?? 0) - list.length;
  return (
    <Card
      title={t('home.alarms')}
      data-testid="home-alarms"
      extra={query.data?.total ? <Typography.Text type="danger">{query.data.total}</Typography.Text> : null}
    >
      <WidgetState
        loading={query.isLoading}
        error={query.error}
        empty={list.length === 0}
        emptyText={t('home.noAlarms')}
      >
        <List
          size="small"
          dataSource={list}
          renderItem={(a) => (
            <List.Item
              data-testid="home-alarm"
              data-alarm-id={a.id}
              actions={[
                <Button key="ack" size="small" data-testid="home-ack" onClick={() => setAckIds([a.id])}>
                  {t('home.ack')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <SeverityTag severity={a.severity} />
                    <span>{a.ruleName}</span>
                  </Space>
                }
                description={`${a.deviceName} · ${formatTime(a.raisedAt)}`}
              />
            </List.Item>
          )}
        />
        {more > 0 ? <Link to="/alarm/alarmList?state=active">{t('home.moreAlarms', { count: more })}</Link> : null}
      </WidgetState>
      <AckDialog
        ids={ackIds}
        onClose={() => setAckIds(null)}
        onDone={() => {
          setAckIds(null);
          void query.refetch();
        }}
      />
    </Card>
  );
}
