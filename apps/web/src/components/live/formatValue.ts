import '../areaTexts';
import type { ParamView } from '@farmpark/contracts';

type Translate = (key: string) => string;

/** Lamp mode as the lamps report it. */
export const LAMP_MODE = { manual: 0, auto: 1 } as const;

/** A reading as words or a number with its decimals; the unit is shown beside it by the caller. */
export function formatValue(
  param: Pick<ParamView, 'key' | 'kind' | 'min' | 'max' | 'decimals'>,
  value: number,
  t: Translate,
) {
  if (param.kind === 'state' && param.min === 0 && param.max === 1) {
    if (param.key === 'mode') return value === LAMP_MODE.auto ? t('live.auto') : t('live.manual');
    if (param.key === 'rain') return value ? t('live.wet') : t('live.dry');
    return value ? t('live.on') : t('live.off');
  }
  return value.toFixed(param.decimals);
}

/** Whether a parameter is a plain on/off state (no arrow, no unit). */
export const isSwitchState = (p: Pick<ParamView, 'kind' | 'min' | 'max'>) =>
  p.kind === 'state' && p.min === 0 && p.max === 1;
