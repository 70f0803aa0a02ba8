import '../areaTexts';
import type { AreaPoint, DevicePoint } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import type { LiveDevice } from '../../../components/live/liveState';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';
import { type SoilStation, soilByPlot } from '../soilByPlot';

/** Rows that fit the panel at the design size; more plots than this is a park for its own screen. */
const ROWS = 7;
const TOP_LAYER = 'soilMoisture10';

/** Top-layer soil moisture per plot (the stations standing in it), live, as bars of 0-100 %. */
export default function SoilPanel({
  stations,
  plots,
  placed,
  permitted,
  loading,
  palette,
}: {
  stations: readonly LiveDevice[];
  plots: readonly AreaPoint[];
  placed: readonly DevicePoint[];
  permitted: boolean;
  loading: boolean;
  palette: Palette;
}) {
  const { t } = useTranslation();
  const where = new Map(placed.map((d) => [d.deviceId, d]));
  const input: SoilStation[] = stations.map((s) => {
    const p = where.get(s.deviceId);
    return {
      deviceId: s.deviceId,
      deviceName: s.deviceName,
      at: p && p.longitude !== null && p.latitude !== null ? [p.longitude, p.latitude] : null,
      moisture: s.latest[TOP_LAYER]?.value ?? null,
    };
  });
  const rows = soilByPlot(plots, input).slice(0, ROWS);
  return (
    <Panel
      title={t('screen.soil.title')}
      area="soil"
      testId="screen-soil"
      extra={stations.length ? t('screen.soil.stations', { count: stations.length }) : undefined}
      state={{
        forbidden: !permitted,
        loading: loading && stations.length === 0,
        empty: stations.length === 0,
        emptyText: t('screen.soil.none'),
      }}
    >
      <div className={css.list} style={{ gap: 10 }}>
        <div className={css.muted} style={{ fontSize: 14 }}>
          {t('screen.soil.moisture')} · {t('screen.soil.depth', { depth: 10 })}
        </div>
        {rows.map((r) => {
          const pct = r.moisture === null ? 0 : Math.max(0, Math.min(100, r.moisture));
          return (
            <div key={r.key} data-testid="screen-soil-row" data-name={r.name} data-value={r.moisture ?? ''}>
              <div className={css.row} style={{ justifyContent: 'space-between', fontSize: 16 }}>
                <span className={css.ellipsis}>{r.plot ? r.name : t('screen.soil.outside', { station: r.name })}</span>
                <b style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
                  {r.moisture === null ? '—' : `${r.moisture.toFixed(1)}%`}
                </b>
              </div>
              <div className={css.bar}>
                <div className={css.barFill} style={{ width: `${pct}%`, background: palette.series[1] }} />
              </div>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
