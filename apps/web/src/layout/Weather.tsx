import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { getWeatherNow } from '../api/weather';
import { isEnglish } from '../i18n';
import { useParkStore } from '../stores/park';
import { formatTime, useParkZone } from '../utils/time';
import { weatherIcon, weatherWord } from '../utils/weatherIcon';
import styles from './layout.module.css';

/** Weather refreshes every ten minutes: services update about hourly, stations every few minutes. */
const REFRESH_MS = 10 * 60_000;

/** The top bar's weather (SPEC §3): the server's service or the park's own station, day/night icon at the park. */
export default function Weather() {
  const { t, i18n } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const zone = useParkZone();
  const { data } = useQuery({
    queryKey: ['weatherNow', groupId],
    queryFn: () => getWeatherNow(groupId!),
    enabled: groupId !== null,
    refetchInterval: REFRESH_MS,
  });
  if (!data || data.source === 'none') return null;
  const text = weatherWord(data.weather, isEnglish(i18n.language), t);
  const source =
    data.source === 'provider'
      ? t('weather.source.provider', { city: data.city ?? '' })
      : t('weather.source.station', { time: data.at ? formatTime(data.at, 'short', { zone }) : '' });
  return (
    <Tooltip title={source}>
      <span className={styles.weather} data-testid="navbar-weather" data-source={data.source}>
        <span aria-hidden>{weatherIcon(data.weather, Date.now(), zone)}</span>
        {data.temperature !== null && <span>{data.temperature}°C</span>}
        {text && <span>{text}</span>}
      </span>
    </Tooltip>
  );
}
