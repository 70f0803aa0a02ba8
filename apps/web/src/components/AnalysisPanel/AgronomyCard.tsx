import '../areaTexts';
import type { DeviceParamConfig } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, InputNumber, Segmented, Select, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAggregateList } from '../../api/telemetry';
import { visibleParams } from '../filters/params';
import { dailyCounterTotal, hoursBeyond, radiationMJ, SUNSHINE_W_M2, sunshineHours } from './agronomy';
import ParkAgronomy from './ParkAgronomy';

/** Hourly buckets of a longer range exceed what the server aggregates in one request (10,000). */
export const MAX_HOURLY_DAYS = 400;

/**
 * Rain, radiation and sunshine, hours above/below a typed threshold, for one device; and the park's ET0 and
 * degree days as the server computes them from its weather station.
 */
export default function AgronomyCard({
  device,
  startTime,
  endTime,
}: {
  device: DeviceParamConfig;
  startTime: number;
  endTime: number;
}) {
  const { t } = useTranslation();
  const params = visibleParams(device).filter((p) => p.kind === 'measure');
  const has = (k: string) => device.params.some((p) => p.key === k && !p.hidden);
  const [thresholdKey, setThresholdKey] = useState<string | undefined>(params[0]?.key);
  const [threshold, setThreshold] = useState<number | null>(null);
  const [side, setSide] = useState<'above' | 'below'>('above');
  const dailyKeys = ['rainfall'].filter(has);
  const hourlyKeys = [
    ...new Set([has('solarRadiation') ? 'solarRadiation' : null, thresholdKey].filter(Boolean)),
  ] as string[];
  const hourlyAllowed = endTime - startTime <= MAX_HOURLY_DAYS * 86_400_000;

  const daily = useQuery({
    queryKey: ['agro-daily', device.deviceId, dailyKeys, startTime, endTime],
    enabled: dailyKeys.length > 0,
    queryFn: () =>
      getAggregateList({ deviceIds: [device.deviceId], keys: dailyKeys, interval: 'day', startTime, endTime }),
  });
  const hourly = useQuery({
    queryKey: ['agro-hourly', device.deviceId, hourlyKeys, startTime, endTime],
    enabled: hourlyKeys.length > 0 && hourlyAllowed,
    queryFn: () =>
      getAggregateList({ deviceIds: [device.deviceId], keys: hourlyKeys, interval: 'hour', startTime, endTime }),
  });
  const dayOf = (k: string) => daily.data?.series.find((s) => s.key === k)?.buckets ?? [];
  const hourOf = (k: string) => hourly.data?.series.find((s) => s.key === k)?.buckets ?? [];
  const unitOf = (k: string | undefined) => device.params.find((p) => p.key === k)?.unit ?? '';

  return (
    <Card size="small" title={t('analysis.agronomy', { device: device.deviceName })} data-testid="agronomy-card">
      {daily.error || hourly.error ? (
        <Alert type="error" showIcon title={(daily.error ?? hourly.error)?.message} style={{ marginBottom: 12 }} />
      ) : null}
      <Space wrap size={[32, 16]}>
        {has('rainfall') ? (
          <Statistic
            title={t('analysis.rain')}
            value={daily.data ? dailyCounterTotal(dayOf('rainfall')) : '—'}
            precision={1}
            suffix="mm"
            loading={daily.isLoading}
            data-testid="stat-rain"
          />
        ) : null}
        {has('solarRadiation') && hourlyAllowed ? (
          <>
            <Statistic
              title={t('analysis.radiation')}
              value={hourly.data ? radiationMJ(hourOf('solarRadiation')) : '—'}
              precision={1}
              suffix="MJ/m²"
              loading={hourly.isLoading}
              data-testid="stat-radiation"
            />
            <Statistic
              title={t('analysis.sunshine', { threshold: SUNSHINE_W_M2 })}
              value={hourly.data ? sunshineHours(hourOf('solarRadiation')) : '—'}
              suffix="h"
              loading={hourly.isLoading}
              data-testid="stat-sunshine"
            />
          </>
        ) : null}
      </Space>
      <ParkAgronomy startTime={startTime} endTime={endTime} />
      <div style={{ marginTop: 16 }}>
        <Space wrap>
          <span>{t('analysis.hoursBeyond')}</span>
          <Select
            style={{ width: 160 }}
            value={thresholdKey}
            onChange={setThresholdKey}
            options={params.map((p) => ({ value: p.key, label: p.name }))}
            aria-label={t('analysis.param')}
          />
          <Segmented
            value={side}
            onChange={(v) => setSide(v as 'above' | 'below')}
            options={[
              { value: 'above', label: t('analysis.above') },
              { value: 'below', label: t('analysis.below') },
            ]}
          />
          <InputNumber
            value={threshold}
            onChange={(v) => setThreshold(typeof v === 'number' ? v : null)}
            placeholder={t('analysis.threshold')}
            addonAfter={unitOf(thresholdKey) || undefined}
            data-testid="threshold-input"
          />
          <strong data-testid="stat-hours">
            {!hourlyAllowed
              ? t('analysis.hourlyTooLong', { days: MAX_HOURLY_DAYS })
              : threshold === null || !thresholdKey
                ? t('analysis.typeThreshold')
                : hourly.isLoading
                  ? t('common.loading')
                  : t('analysis.hours', { count: hoursBeyond(hourOf(thresholdKey), threshold, side) })}
          </strong>
        </Space>
      </div>
    </Card>
  );
}
