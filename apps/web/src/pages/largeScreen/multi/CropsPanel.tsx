import '../areaTexts';
import type { ParkProduction } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import Panel from '../Panel';
import type { Palette } from '../palette';
import { CropBar } from '../panels/CropBar';
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
          <CropBar
            key={c.crop}
            crop={c.crop}
            said={`${t('screen.production.mu', { area: c.areaMu })} · ${t('screen.multi.plantings', { count: c.plantings })}`}
            percent={(c.areaMu / largest) * 100}
            index={i}
            palette={palette}
          />
        ))}
      </div>
    </Panel>
  );
}
