import '../areaTexts';
import type { FarmWork } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Calendar, Empty, List, Result, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFarmWorkMonth } from '../../../../api/production';
import { parkNow } from '../../../../utils/time';

export const STATUS_COLOR = { planned: 'blue', done: 'green', abandoned: 'default' } as const;
/** The day a work shows on: when it was done, else when it is planned. */
export const workDay = (w: FarmWork) => w.doneOn ?? w.plannedOn;

/**
 * A month of farm work. Wide screens write each day's work in its cell; a phone shows a small month with
 * counts and lists the chosen day below it.
 */
export default function FarmWorkCalendar(props: {
  groupId: number;
  compact: boolean;
  onOpen: (w: FarmWork) => void;
  fetchMonth?: typeof getFarmWorkMonth;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(() => parkNow());
  const month = day.format('YYYY-MM');
  const fetchMonth = props.fetchMonth ?? getFarmWorkMonth;
  const q = useQuery({
    queryKey: ['productionStock', 'farmWorkMonth', props.groupId, month],
    queryFn: () => fetchMonth(props.groupId, month),
  });
  const byDay = new Map<string, FarmWork[]>();
  for (const w of q.data ?? []) byDay.set(workDay(w), [...(byDay.get(workDay(w)) ?? []), w]);
  const label = (w: FarmWork) => `${t(`productionStock.workType.${w.type}`)} · ${w.areaName}`;

  if (q.isError) return <Result status="warning" title={(q.error as Error).message} data-testid="calendar-error" />;
  const chosen = byDay.get(day.format('YYYY-MM-DD')) ?? [];
  return (
    <Spin spinning={q.isFetching}>
      <Calendar
        fullscreen={!props.compact}
        value={day}
        onChange={setDay}
        data-testid="farmWork-calendar"
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const works = byDay.get(d.format('YYYY-MM-DD')) ?? [];
          if (works.length === 0) return null;
          if (props.compact)
            return <Badge count={works.length} size="small" data-testid={`calendar-count-${d.format('YYYY-MM-DD')}`} />;
          return (
            <ul
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              data-testid={`calendar-day-${d.format('YYYY-MM-DD')}`}
            >
              {works.map((w) => (
                <li key={w.id}>
                  <Tag
                    color={STATUS_COLOR[w.status]}
                    style={{ cursor: 'pointer', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      props.onOpen(w);
                    }}
                  >
                    {label(w)}
                  </Tag>
                </li>
              ))}
            </ul>
          );
        }}
      />
      {props.compact && (
        <List
          header={day.format('YYYY-MM-DD')}
          dataSource={chosen}
          locale={{ emptyText: <Empty description={t('productionStock.work.noWork')} /> }}
          data-testid="calendar-day-list"
          renderItem={(w) => (
            <List.Item onClick={() => props.onOpen(w)} style={{ cursor: 'pointer' }}>
              <Tag color={STATUS_COLOR[w.status]}>{t(`productionStock.workStatus.${w.status}`)}</Tag>
              {label(w)}
            </List.Item>
          )}
        />
      )}
    </Spin>
  );
}
