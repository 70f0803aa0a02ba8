import '../areaTexts';
import type { ParkProduction } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';

const SHOWN = 8;

/** Crops growing now in all the screen's parks, by area: what the group of parks grows. */
export default function CropsPanel({ production, palette }: { production: ParkProduction | null; palette: Palette }) {
  const { t } = useTranslation();
  const largest = production?.crops[0]?.areaMu || 1;
  return (
    <Panel
      title={t('screen.multi.crops')}
      area="crops"
      testId="screen-multi-crops"
      state={{
        forbidden: production === null,
        empty: production !== null && production.crops.length === 0,
        emptyText: t('screen.production.noCrops'),
      }}
    >
      <div className={css.list}>
        {production?.crops.slice(0, SHOWN).map((c, i) => (
          <div key={c.crop} data-crop={c.crop}>
            <div className={css.row} style={{ justifyContent: 'space-between' }}>
              <span className={css.ellipsis}>{c.crop}</span>
              <span className={css.muted} style={{ flex: 'none' }}>
                {t('screen.production.mu', { area: c.areaMu })} · {t('screen.multi.plantings', { count: c.plantings })}
              </span>
            </div>
            <div className={css.bar}>
              <div
                className={css.barFill}
                style={{
                  width: `${(c.areaMu / largest) * 100}%`,
                  background: palette.series[i % palette.series.length],
                }}
              />
            </div>
          </div>
        ))}
      </div>
    </Panel>
  );
}
