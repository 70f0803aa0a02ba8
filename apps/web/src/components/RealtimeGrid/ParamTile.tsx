import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { LatestValue, ParamView } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import { formatValue, isSwitchState } from '../live/formatValue';
import css from './realtime.module.css';

export interface ParamTileProps {
  param: ParamView;
  latest: LatestValue | undefined;
  /** Time of the last live change: a new value re-mounts the tile's content so it flashes once. */
  changedAt: number | undefined;
  onOpen: (param: ParamView) => void;
}

export default function ParamTile({ param, latest, changedAt, onOpen }: ParamTileProps) {
  const { t } = useTranslation();
  const state = isSwitchState(param);
  const trend =
    latest && latest.prev !== null && !state && latest.value !== latest.prev
      ? latest.value > latest.prev
        ? 'up'
        : 'down'
      : null;
  return (
    <button
      type="button"
      className={`${css.tile} ${changedAt ? css.flash : ''}`}
      onClick={() => onOpen(param)}
      data-testid={`tile-${param.key}`}
      data-changed={changedAt ?? ''}
      title={param.name}
    >
      <div className={css.tileName}>{param.name}</div>
      <div className={css.tileValue} data-testid={`tile-value-${param.key}`}>
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
