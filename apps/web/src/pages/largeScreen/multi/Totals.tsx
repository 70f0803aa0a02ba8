import '../areaTexts';
import type { ParkProduction, ScreenParkSummary } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import Panel from '../Panel';
import type { Palette } from '../palette';
import { harvestText, scansText } from '../panels/HarvestLine';
import css from '../screen.module.css';

/** The production of several parks added up: crops by name, harvest by unit (null when none may be read). */
export function sumProduction(parks: readonly ScreenParkSummary[]): ParkProduction | null {
  const readable = parks.flatMap((p) => (p.production ? [p.production] : []));
  if (readable.length === 0) return null;
  const crops = new Map<string, { crop: string; areaMu: number; plantings: number }>();
  const harvest = new Map<string, number>();
  const scanParts = readable.flatMap((p) => (p.scans ? [p.scans] : []));
  for (const p of readable) {
    for (const c of p.crops) {
      const had = crops.get(c.crop) ?? { crop: c.crop, areaMu: 0, plantings: 0 };
      crops.set(c.crop, { crop: c.crop, areaMu: had.areaMu + c.areaMu, plantings: had.plantings + c.plantings });
    }
    for (const h of p.harvest) harvest.set(h.unit, (harvest.get(h.unit) ?? 0) + h.quantity);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    crops: [...crops.values()]
      .map((c) => ({ ...c, areaMu: round(c.areaMu) }))
      .sort((a, b) => b.areaMu - a.areaMu || a.crop.localeCompare(b.crop)),
    areaMu: round(readable.reduce((s, p) => s + p.areaMu, 0)),
    year: Math.max(...readable.map((p) => p.year)),
    harvest: [...harvest.entries()]
      .map(([unit, quantity]) => ({ unit, quantity: round(quantity) }))
      .sort((a, b) => b.quantity - a.quantity),
    scans: scanParts.length
      ? {
          today: scanParts.reduce((s, x) => s + x.today, 0),
          total: scanParts.reduce((s, x) => s + x.total, 0),
        }
      : null,
  };
}

/** The screen's parks together: how many, devices online of all, open alarms, crop area and harvest. */
export default function Totals({ parks, palette }: { parks: readonly ScreenParkSummary[]; palette: Palette }) {
  const { t, i18n } = useTranslation();
  const devices = parks.reduce((s, p) => ({ total: s.total + p.devices.total, online: s.online + p.devices.online }), {
    total: 0,
    online: 0,
  });
  const alarmParts = parks.filter((p) => p.alarms !== null);
  const alarms = alarmParts.reduce((s, p) => s + (p.alarms ?? 0), 0);
  const production = sumProduction(parks);
  const tiles: { key: string; label: string; value: string; color?: string }[] = [
    { key: 'parks', label: t('screen.multi.parks'), value: String(parks.length) },
    {
      key: 'devices',
      label: t('screen.multi.devicesOnline'),
      value: `${devices.online} / ${devices.total}`,
      color: palette.online,
    },
    {
      key: 'alarms',
      label: t('screen.multi.openAlarms'),
      value: alarmParts.length ? String(alarms) : '—',
      color: alarms > 0 ? palette.alarm : undefined,
    },
    {
      key: 'area',
      label: t('screen.multi.cropArea'),
      value: production ? t('screen.production.mu', { area: production.areaMu }) : '—',
    },
  ];
  return (
    <Panel title={t('screen.multi.totals')} area="totals" testId="screen-multi-totals">
      <div className={css.grid2}>
        {tiles.map((tile) => (
          <div key={tile.key} className={css.tile} data-testid={`screen-multi-total-${tile.key}`}>
            <div className={css.tileLabel}>{tile.label}</div>
            <div className={css.tileValue} style={tile.color ? { color: tile.color } : undefined}>
              {tile.value}
            </div>
          </div>
        ))}
      </div>
      <div className={css.tile} style={{ marginTop: 10 }} data-testid="screen-multi-total-harvest">
        <div className={css.tileLabel}>
          {t('screen.production.harvest', { year: production?.year ?? new Date().getFullYear() })}
        </div>
        <div className={css.ellipsis} style={{ fontSize: 22, fontWeight: 600 }}>
          {production ? harvestText(production, t, i18n.language) : t('screen.notPermitted')}
        </div>
      </div>
      {production?.scans ? (
        <div className={css.tile} style={{ marginTop: 10 }} data-testid="screen-multi-total-scans">
          <div className={css.tileLabel}>{t('screen.production.scans')}</div>
          <div className={css.ellipsis} style={{ fontSize: 22, fontWeight: 600 }}>
            {scansText(production, t, i18n.language)}
          </div>
        </div>
      ) : null}
    </Panel>
  );
}
