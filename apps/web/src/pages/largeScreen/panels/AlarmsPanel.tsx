import '../areaTexts';
import type { AlarmRecord, Severity } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../utils/time';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';

const severityColor = (p: Palette, s: Severity) => (s === 'critical' ? p.alarm : s === 'warning' ? p.warning : p.info);

/** The park's newest alarms of any state, newest first: a fixed window that live alarm events reload. */
export default function AlarmsPanel({
  alarms,
  open,
  permitted,
  loading,
  error,
  palette,
  zone,
}: {
  alarms: readonly AlarmRecord[] | undefined;
  open: number | undefined;
  permitted: boolean;
  loading: boolean;
  error: boolean;
  palette: Palette;
  zone: string;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      title={t('screen.alarms.title')}
      area="alarms"
      testId="screen-alarms"
      extra={open !== undefined ? t('screen.alarms.open', { count: open }) : undefined}
      state={{
        forbidden: !permitted,
        loading: loading && !alarms,
        error: error && !alarms,
        empty: alarms !== undefined && alarms.length === 0,
        emptyText: t('screen.alarms.none'),
      }}
    >
      <div className={css.list} style={{ gap: 6 }}>
        {(alarms ?? []).map((a) => {
          const color = a.state === 'active' ? severityColor(palette, a.severity) : palette.muted;
          return (
            <div
              key={a.id}
              className={css.item}
              style={{ borderLeftColor: color, opacity: a.state === 'active' ? 1 : 0.7 }}
              data-testid="screen-alarm"
              data-alarm-id={a.id}
              data-state={a.state}
            >
              <div className={css.row} style={{ justifyContent: 'space-between', fontSize: 17 }}>
                <span className={css.ellipsis}>{a.ruleName}</span>
                <span className={css.tag} style={{ color }}>
                  {t(`screen.alarmState.${a.state}`)}
                </span>
              </div>
              <div className={css.row} style={{ fontSize: 14, justifyContent: 'space-between' }}>
                <span className={`${css.muted} ${css.ellipsis}`}>
                  {t(`screen.severity.${a.severity}`)} · {a.deviceName}
                </span>
                <span className={css.muted} style={{ flex: 'none' }}>
                  {formatTime(a.raisedAt, 'short', { zone })}
                </span>
              </div>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
