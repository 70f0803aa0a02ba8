import '../areaTexts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { machines, runsSince } from '../../../api/screens';
import { useParkChannel } from '../../../mqtt/channels';
import { formatTime, inPark } from '../../../utils/time';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';
import { REFRESH } from '../timing';

const SHOWN = 3;

/**
 * Runs going on now (machine, zones, since when, water so far) and the water of the park's day so far.
 * A run that starts or ends reloads at once over the irrigation channel; the water counters between.
 */
export default function IrrigationPanel({
  groupId,
  permitted,
  palette,
  zone,
}: {
  groupId: number;
  permitted: boolean;
  palette: Palette;
  zone: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const dayStart = inPark(Date.now(), zone).startOf('day').valueOf();
  const common = {
    enabled: permitted,
    refetchInterval: REFRESH.irrigation,
    refetchIntervalInBackground: true,
    retry: false,
  };
  const now = useQuery({
    queryKey: ['screen', 'irrigation', 'machines', groupId],
    queryFn: () => machines(groupId),
    ...common,
  });
  const today = useQuery({
    queryKey: ['screen', 'irrigation', 'today', groupId, dayStart],
    queryFn: () => runsSince(groupId, dayStart),
    ...common,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['screen', 'irrigation'] });
  useParkChannel('irrigation', reload, reload);

  const runs = (now.data ?? []).flatMap((m) => (m.activeRun ? [m.activeRun] : []));
  const water = today.data?.list.reduce((sum, r) => sum + (r.waterM3 ?? 0), 0) ?? null;
  return (
    <Panel
      title={t('screen.irrigation.title')}
      testId="screen-irrigation"
      extra={today.data ? t('screen.irrigation.runsToday', { count: today.data.total }) : undefined}
      state={{
        forbidden: !permitted,
        loading: now.isPending && now.fetchStatus !== 'idle',
        error: now.isError && !now.data,
      }}
    >
      <div className={css.grid2} style={{ marginBottom: 10 }}>
        <div className={css.tile}>
          <div className={css.tileLabel}>{t('screen.irrigation.running')}</div>
          <div className={css.tileValue} style={{ color: runs.length ? palette.accent : undefined }}>
            {runs.length}
          </div>
        </div>
        <div className={css.tile} data-testid="screen-water-today">
          <div className={css.tileLabel}>{t('screen.irrigation.waterToday')}</div>
          <div className={css.tileValue}>
            {water === null ? '—' : water.toFixed(2)}
            <span className={css.unit}>m³</span>
          </div>
        </div>
      </div>
      {runs.length === 0 ? (
        <div className={css.muted} style={{ fontSize: 16 }}>
          {t('screen.irrigation.none')}
        </div>
      ) : (
        <div className={css.list} style={{ gap: 6 }}>
          {runs.slice(0, SHOWN).map((r) => (
            <div
              key={r.runId}
              className={css.item}
              data-testid="screen-run"
              style={{ borderLeftColor: palette.accent }}
            >
              <div className={css.row} style={{ justifyContent: 'space-between', fontSize: 16 }}>
                <span className={css.ellipsis}>{r.deviceName}</span>
                <span style={{ flex: 'none' }}>{t(`screen.runState.${r.state}`)}</span>
              </div>
              <div className={css.row} style={{ fontSize: 14, gap: 12 }}>
                <span className={`${css.muted} ${css.ellipsis}`}>
                  {t('screen.irrigation.zones', { zones: r.zones.join(', ') })} ·{' '}
                  {t('screen.irrigation.since', { time: formatTime(r.startedAt ?? r.createdAt, 'hm', { zone }) })}
                </span>
                <span style={{ flex: 'none' }}>{r.waterM3 === null ? '—' : `${r.waterM3.toFixed(2)} m³`}</span>
              </div>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
