import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './layout.module.css';

/** Date and clock of the top bar; the weather joins it with the weather capability. */
export default function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-cn';
  return (
    <span className={styles.clock} data-testid="navbar-clock">
      {now.locale(locale).format('YYYY-MM-DD dddd HH:mm:ss')}
    </span>
  );
}
