import './areaTexts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getWeatherNow } from '../../api/weather';
import { isEnglish } from '../../i18n';
import { formatTime, inPark } from '../../utils/time';
import { weatherIcon, weatherWord } from '../../utils/weatherIcon';
import type { Freshness } from './freshness';
import type { Palette } from './palette';
import css from './screen.module.css';
import { REFRESH } from './timing';

/** One clock for the page: a single interval, cleared when the screen goes. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

function Clock({ zone }: { zone: string }) {
  const now = useNow(1_000);
  const d = inPark(now, zone);
  return (
    <>
      <span className={css.clock} data-testid="screen-clock">
        {d.format('HH:mm:ss')}
      </span>
      <span>{formatTime(now, 'date', { zone })}</span>
    </>
  );
}

function WeatherNow({ groupId, zone }: { groupId: number; zone: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['screen', 'weatherNow', groupId],
    queryFn: () => getWeatherNow(groupId),
    refetchInterval: REFRESH.weatherNow,
    refetchIntervalInBackground: true,
    retry: false,
  });
  if (!data || data.source === 'none') return null;
  const text = weatherWord(data.weather, isEnglish(i18n.language), t);
  return (
    <span className={css.row} data-testid="screen-weather-now">
      <span aria-hidden>{weatherIcon(data.weather, Date.now(), zone)}</span>
      {data.temperature !== null && <span>{data.temperature}°C</span>}
      {text && <span className={css.ellipsis}>{text}</span>}
    </span>
  );
}

function FreshnessBadge({ fresh, palette, zone }: { fresh: Freshness; palette: Palette; zone: string }) {
  const { t } = useTranslation();
  const live = fresh.state === 'live';
  const words =
    fresh.state === 'live'
      ? t('screen.live')
      : fresh.state === 'offline'
        ? t('screen.staleOffline')
        : fresh.state === 'apiFailing'
          ? t('screen.staleApi', { time: formatTime(fresh.since, 'short', { zone }) })
          : t('screen.staleReadings', { time: formatTime(fresh.newest, 'short', { zone }) });
  const color = live ? palette.online : palette.warning;
  return (
    <span
      className={css.badge}
      style={{ color }}
      data-testid="screen-freshness"
      data-state={fresh.state}
      title={live ? undefined : t('screen.stale')}
    >
      <span className={css.dot} style={{ background: color }} />
      <span className={css.ellipsis}>{words}</span>
    </span>
  );
}

/** Clock and date at the park, the park's name, its weather now and whether the data is live. */
export default function Header(props: {
  title: string;
  groupId: number;
  zone: string;
  fresh: Freshness;
  palette: Palette;
}) {
  return (
    <header className={css.header} data-testid="screen-header">
      <div className={css.headerSide}>
        <Clock zone={props.zone} />
      </div>
      <h1 className={css.headerTitle} style={{ margin: 0 }} data-testid="screen-title">
        {props.title}
      </h1>
      <div className={css.headerRight}>
        <WeatherNow groupId={props.groupId} zone={props.zone} />
        <FreshnessBadge fresh={props.fresh} palette={props.palette} zone={props.zone} />
      </div>
    </header>
  );
}
