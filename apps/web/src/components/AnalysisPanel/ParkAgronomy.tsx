import '../areaTexts';
import { DEGREE_DAY_PERMIT_URLS, type DegreeDayList, ET0_PERMIT_URL, type Et0List } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDegreeDayList, getEt0List } from '../../api/agronomy';
import { categoriesQuery } from '../../api/pestCategories';
import { usePermits } from '../../pages/dashboard/usePermits';
import { useParkStore } from '../../stores/park';
import { inPark } from '../../utils/time';
import { degreeDaySummary, et0Summary } from './agronomy';
import PestStagesCard from './PestStagesCard';

/** Why a server answer has no figure: no station, no latitude, no finished day, no readings. */
function emptyReason(list: Et0List | DegreeDayList, hasValue: boolean): string | null {
  if (!list.station) return 'agronomy.noStation';
  if ('missing' in list && list.missing.includes('latitude')) return 'agronomy.noLatitude';
  if (list.days.length === 0) return 'agronomy.noPastDays';
  return hasValue ? null : 'agronomy.noReadings';
}

/**
 * The park's ET0 and a pest category's degree days over the picked period, as the server computes them
 * from the park's weather station (the same answer rules and reports use). Shown to those who may read
 * them: the weather pages for ET0, the pest or weather pages for degree days.
 */
export default function ParkAgronomy({ startTime, endTime }: { startTime: number; endTime: number }) {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const permits = usePermits();
  const canEt0 = permits.has(ET0_PERMIT_URL);
  const canDegreeDays = DEGREE_DAY_PERMIT_URLS.some((u) => permits.has(u));
  const from = inPark(startTime).format('YYYY-MM-DD');
  const to = inPark(endTime).format('YYYY-MM-DD');
  const [picked, setPicked] = useState<number>();

  const et0 = useQuery({
    queryKey: ['agronomy-et0', groupId, from, to],
    enabled: canEt0 && groupId !== null,
    queryFn: () => getEt0List({ groupId: groupId as number, from, to }),
  });
  const categories = useQuery({ ...categoriesQuery('insect'), enabled: canDegreeDays });
  const categoryId = picked ?? categories.data?.[0]?.categoryId;
  const degreeDays = useQuery({
    queryKey: ['agronomy-degree-days', groupId, categoryId, from, to],
    enabled: canDegreeDays && groupId !== null && categoryId !== undefined,
    queryFn: () => getDegreeDayList({ groupId: groupId as number, categoryId: categoryId as number, from, to }),
  });
  if (!canEt0 && !canDegreeDays) return null;

  const et0Sum = et0.data ? et0Summary(et0.data.days) : null;
  const ddSum = degreeDays.data ? degreeDaySummary(degreeDays.data.days) : null;
  const settings = degreeDays.data?.settings;
  const station = (et0.data ?? degreeDays.data)?.station?.deviceName;
  const error = et0.error ?? categories.error ?? degreeDays.error;
  const note = (text: string | null) =>
    text ? (
      <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 360 }}>
        {text}
      </Typography.Text>
    ) : null;
  const reasonOf = (list: Et0List | DegreeDayList | undefined, hasValue: boolean) => {
    const reason = list ? emptyReason(list, hasValue) : null;
    return reason ? t(reason) : null;
  };

  return (
    <div data-testid="park-agronomy" style={{ marginTop: 16 }}>
      <Typography.Text strong>{station ? t('agronomy.title', { station }) : t('agronomy.titlePark')}</Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('agronomy.source')}
      </Typography.Text>
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} /> : null}
      <Space wrap size={[32, 16]} align="start">
        {canEt0 ? (
          <div>
            <Statistic
              title={t('agronomy.et0', { days: et0Sum?.days ?? 0 })}
              value={et0Sum ? et0Sum.total : '—'}
              precision={1}
              suffix="mm"
              loading={et0.isLoading}
              data-testid="stat-et0"
            />
            {note(reasonOf(et0.data, et0Sum !== null))}
            {et0Sum?.fallbacks.length
              ? note(
                  t('agronomy.fallbacks', {
                    list: et0Sum.fallbacks.map((f) => t(`agronomy.fallback.${f}`)).join(t('agronomy.separator')),
                  }),
                )
              : null}
          </div>
        ) : null}
        {canDegreeDays ? (
          <div>
            <Select
              size="small"
              style={{ minWidth: 160, marginBottom: 4 }}
              value={categoryId}
              onChange={setPicked}
              loading={categories.isLoading}
              placeholder={t('agronomy.category')}
              aria-label={t('agronomy.category')}
              options={(categories.data ?? []).map((c) => ({ value: c.categoryId, label: c.name }))}
              data-testid="degree-day-category"
            />
            <Statistic
              title={t('agronomy.degreeDays', {
                days: ddSum?.days ?? 0,
                method: settings ? t(`agronomy.method.${settings.method}`) : '',
              })}
              value={ddSum ? ddSum.total : '—'}
              precision={1}
              suffix="°C·d"
              loading={degreeDays.isLoading}
              data-testid="stat-degree-days"
            />
            {settings
              ? note(
                  settings.upperC === null
                    ? t('agronomy.thresholds', { base: settings.baseC })
                    : t('agronomy.thresholdsCut', { base: settings.baseC, upper: settings.upperC }),
                )
              : null}
            {ddSum ? note(t('agronomy.sinceStart', { date: ddSum.startDate, sum: ddSum.sinceStart.toFixed(1) })) : null}
            {note(
              categories.data?.length === 0 ? t('agronomy.noCategories') : reasonOf(degreeDays.data, ddSum !== null),
            )}
            {groupId !== null && categoryId !== undefined ? (
              <PestStagesCard groupId={groupId} categoryId={categoryId} />
            ) : null}
          </div>
        ) : null}
      </Space>
    </div>
  );
}
