import '../areaTexts';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../components/live/formatValue';
import type { LiveDevice } from '../../../components/live/liveState';
import { formatTimeAgo } from '../../../utils/timeAgo';
import Panel from '../Panel';
import css from '../screen.module.css';

const KEYS = ['airTemp', 'airHumidity', 'windSpeed', 'rainfall', 'solarRadiation', 'airPressure'];

/** The station a screen shows: the first online one (lowest id, so it does not jump about), else the first. */
export function mainStation(stations: readonly LiveDevice[]): LiveDevice | undefined {
  const sorted = [...stations].sort((a, b) => a.deviceId - b.deviceId);
  return sorted.find((d) => d.online) ?? sorted[0];
}

/** The park's weather station now: six readings, live, with when it last reported. */
export default function WeatherPanel({
  stations,
  permitted,
  loading,
  now,
}: {
  stations: readonly LiveDevice[];
  permitted: boolean;
  loading: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const station = mainStation(stations);
  const params = station ? KEYS.flatMap((k) => station.params.filter((p) => p.key === k && !p.hidden)) : [];
  return (
    <Panel
      title={t('screen.weather.title')}
      area="weather"
      testId="screen-weather"
      extra={
        station?.lastReportAt
          ? t('screen.weather.reported', {
              station: station.deviceName,
              ago: formatTimeAgo(t, station.lastReportAt, now),
            })
          : undefined
      }
      state={{
        forbidden: !permitted,
        loading: loading && !station,
        empty: !station,
        emptyText: t('screen.weather.none'),
      }}
    >
      {station ? (
        <div className={css.grid3} data-device-id={station.deviceId}>
          {params.map((p) => {
            const v = station.latest[p.key];
            return (
              <div
                key={p.key}
                className={css.tile}
                style={{ opacity: station.online ? 1 : 0.55 }}
                data-testid={`screen-weather-${p.key}`}
                data-ts={v?.ts ?? ''}
              >
                <div className={css.tileLabel}>{p.name}</div>
                <div className={css.tileValue}>
                  {v ? formatValue(p, v.value, t) : '—'}
                  {v && p.unit ? <span className={css.unit}>{p.unit}</span> : null}
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
    </Panel>
  );
}
