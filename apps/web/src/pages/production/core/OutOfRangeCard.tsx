import '../../dashboard/areaTexts';
import './areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOutOfRangeList } from '../../../api/production';
import { isEnglish } from '../../../i18n';
import { paramName, paramUnit, rangeText } from './params';

/** The home page is a glance: the first few, and how many more the crops page has. */
const SHOWN = 5;

/**
 * Home page card: the park's growing plantings with a parameter outside its current stage's ideal range
 * now, each parameter with its value, the range and its hours out of range in the last 7 days.
 */
export default function OutOfRangeCard({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const en = isEnglish(i18n.language);
  const q = useQuery({
    queryKey: ['home', 'plantingsOutOfRange', groupId],
    queryFn: () => getOutOfRangeList(groupId),
    refetchInterval: 60_000,
    retry: false,
  });
  const rows = q.data ?? [];
  return (
    <Card title={t('production.home.title')} data-testid="home-plantings">
      {q.isLoading ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {q.error ? (
        <Alert type="error" showIcon title={t('home.loadFailed', { msg: (q.error as Error).message })} />
      ) : null}
      {q.data && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('production.home.none')} />
      ) : null}
      {rows.length > 0 ? (
        <List
          size="small"
          dataSource={rows.slice(0, SHOWN)}
          footer={rows.length > SHOWN ? t('production.home.more', { n: rows.length - SHOWN }) : undefined}
          renderItem={(p) => (
            <List.Item data-testid={`home-planting-${p.id}`}>
              {/* wraps on a phone: a planting may be out on several parameters, each with a long tag */}
              <div style={{ flex: 1, minWidth: 0 }}>
                <strong>
                  {p.cropName} · {p.areaPointName ?? t('production.planting.plotRemoved')}
                  {p.stageName ? ` · ${p.stageName}` : ''}
                </strong>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
                  {p.params.map((r) => (
                    <Tag color="red" key={r.key} style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}>
                      {paramName(r.key, en)} {r.now} {paramUnit(r.key)} （{rangeText(r)}） ·{' '}
                      {t('production.home.hours', { n: r.hoursOut7d })}
                    </Tag>
                  ))}
                </div>
              </div>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
