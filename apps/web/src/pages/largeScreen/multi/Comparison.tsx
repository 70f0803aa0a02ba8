import '../areaTexts';
import type { ScreenParkSummary } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import Panel from '../Panel';
import type { Palette } from '../palette';
import { harvestText } from '../panels/HarvestLine';
import css from '../screen.module.css';

/**
 * One row per park, the same columns for each so they compare at a glance: devices online of all (with
 * a bar of the share), open alarms, crop area and the harvest of the year. A part the viewer may not
 * read shows a dash.
 */
export default function Comparison({ parks, palette }: { parks: readonly ScreenParkSummary[]; palette: Palette }) {
  const { t, i18n } = useTranslation();
  const largestArea = Math.max(1, ...parks.map((p) => p.production?.areaMu ?? 0));
  return (
    <Panel title={t('screen.multi.comparison')} area="compare" testId="screen-multi-compare">
      <div className={css.compare}>
        <div className={css.compareHead}>
          <span>{t('screen.multi.park')}</span>
          <span>{t('screen.multi.devicesOnline')}</span>
          <span>{t('screen.multi.openAlarms')}</span>
          <span>{t('screen.multi.cropArea')}</span>
        </div>
        {parks.map((p) => {
          const share = p.devices.total ? p.devices.online / p.devices.total : 0;
          return (
            <div key={p.groupId} className={css.compareRow} data-testid="screen-multi-park" data-group={p.groupId}>
              <div className={css.compareCells}>
                <span className={css.ellipsis} style={{ fontWeight: 600 }} title={p.groupName}>
                  {p.groupName}
                </span>
                <span data-testid="screen-multi-park-devices">
                  {p.devices.online} / {p.devices.total}
                  <span className={css.bar} style={{ display: 'block', marginTop: 4 }}>
                    <span
                      className={css.barFill}
                      style={{ display: 'block', width: `${share * 100}%`, background: palette.online }}
                    />
                  </span>
                </span>
                <span
                  data-testid="screen-multi-park-alarms"
                  style={{ color: p.alarms ? palette.alarm : undefined, fontWeight: p.alarms ? 600 : undefined }}
                >
                  {p.alarms ?? '—'}
                </span>
                <span>
                  {p.production ? t('screen.production.mu', { area: p.production.areaMu }) : '—'}
                  {p.production ? (
                    <span className={css.bar} style={{ display: 'block', marginTop: 4 }}>
                      <span
                        className={css.barFill}
                        style={{
                          display: 'block',
                          width: `${(p.production.areaMu / largestArea) * 100}%`,
                          background: palette.accent,
                        }}
                      />
                    </span>
                  ) : null}
                </span>
              </div>
              <div className={`${css.muted} ${css.ellipsis}`} style={{ fontSize: 15 }}>
                {p.production
                  ? p.production.harvest.length
                    ? t('screen.production.harvestOf', {
                        year: p.production.year,
                        value: harvestText(p.production, t, i18n.language),
                      })
                    : t('screen.production.noHarvest')
                  : null}
                {p.production?.crops.length
                  ? ` · ${p.production.crops
                      .slice(0, 3)
                      .map((c) => c.crop)
                      .join('、')}`
                  : null}
              </div>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
