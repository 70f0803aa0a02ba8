import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inPark, useParkZone, zoneLabel } from '../utils/time';
import styles from './layout.module.css';

/** Date and clock of the top bar, at the active park (its zone in the tooltip); the weather joins it. */
export default function Clock() {
  const { i18n, t } = useTranslation();
  const zone = useParkZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-cn';
  return (
    <span className={styles.clock} data-testid="navbar-clock" title={t('tz.hint', { zone: zoneLabel(zone, now) })}>
      {inPark(now, zone).locale(locale).format('YYYY-MM-DD dddd HH:mm:ss')}
    </span>
  );
}
