import '../areaTexts';
import type { ParkProduction } from '@farmpark/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import css from '../screen.module.css';

/** "Harvest 2026: 1,250 kg · 40 boxes": each recorded unit apart (boxes do not convert to kilograms). */
export function harvestText(production: ParkProduction, t: TFunction, locale: string) {
  if (production.harvest.length === 0) return t('screen.production.noHarvest');
  const fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return production.harvest
    .map((h) => `${fmt.format(h.quantity)} ${t(`screen.units.${h.unit}`, { defaultValue: h.unit })}`)
    .join(' · ');
}

/** Scans of the park's product codes: "12 today · 3,456 in all" (null when the role may not read them). */
export function scansText(production: ParkProduction, t: TFunction, locale: string) {
  if (!production.scans) return null;
  const fmt = new Intl.NumberFormat(locale);
  return t('screen.production.scansValue', {
    today: fmt.format(production.scans.today),
    total: fmt.format(production.scans.total),
  });
}

export function HarvestLine({ production }: { production: ParkProduction }) {
  const { t, i18n } = useTranslation();
  const scans = scansText(production, t, i18n.language);
  return (
    // one above the other: the panel is narrow, and a figure cut short by an ellipsis says nothing
    <div className={css.list}>
      <div className={css.tile} data-testid="screen-production-harvest">
        <div className={css.tileLabel}>{t('screen.production.harvest', { year: production.year })}</div>
        <div className={css.ellipsis} style={{ fontSize: 20, fontWeight: 600 }}>
          {harvestText(production, t, i18n.language)}
        </div>
      </div>
      {scans ? (
        <div className={css.tile} data-testid="screen-production-scans">
          <div className={css.tileLabel}>{t('screen.production.scans')}</div>
          <div className={css.ellipsis} style={{ fontSize: 20, fontWeight: 600 }}>
            {scans}
          </div>
        </div>
      ) : null}
    </div>
  );
}
