import '../areaTexts';
import '../../pages/production/core/areaTexts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { IdealRange, LatestValue, ParamView } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import { outsideRange } from '../../pages/production/core/idealRanges';
import { rangeText } from '../../pages/production/core/params';
import { formatValue, isSwitchState } from '../live/formatValue';
import css from './realtime.module.css';

export interface ParamTileProps {
  param: ParamView;
  latest: LatestValue | undefined;
  /** Time of the last live change: a new value re-mounts the tile's content so it flashes once. */
  changedAt: number | undefined;
  onOpen: (param: ParamView) => void;
  /** The ideal range of the planting on the device's plot (production growth standards): a value outside it is marked. */
  ideal?: IdealRange;
}

export default function ParamTile({ param, latest, changedAt, onOpen, ideal }: ParamTileProps) {
  const { t } = useTranslation();
  const state = isSwitchState(param);
  const trend =
    latest && latest.prev !== null && !state && latest.value !== latest.prev
      ? latest.value > latest.prev
        ? 'up'
        : 'down'
      : null;
  const out = ideal !== undefined && latest !== undefined && outsideRange(ideal, latest.value);
  return (
    <button
      type="button"
      className={`${css.tile} ${changedAt ? css.flash : ''}`}
      onClick={() => onOpen(param)}
      data-testid={`tile-${param.key}`}
      data-changed={changedAt ?? ''}
      title={
        out && ideal ? `${param.name}: ${t('production.planting.outOfIdeal', { range: rangeText(ideal) })}` : param.name
      }
      data-out-of-range={out || undefined}
    >
      <div className={css.tileName}>{param.name}</div>
      <div
        className={css.tileValue}
        data-testid={`tile-value-${param.key}`}
        style={out ? { color: '#cf1322' } : undefined}
      >
        {latest ? formatValue(param, latest.value, t) : '—'}
        {latest && !state && param.unit ? <span className={css.unit}>{param.unit}</span> : null}
        {trend === 'up' ? (
          <ArrowUpOutlined className={css.up} aria-label={t('live.rising')} />
        ) : trend === 'down' ? (
          <ArrowDownOutlined className={css.down} aria-label={t('live.falling')} />
        ) : null}
      </div>
    </button>
  );
}
