import './areaTexts';
import { type IrrigationRun, TANKS } from '@farmpark/contracts';
import type { TFunction } from 'i18next';

/**
 * The one text of every irrigation confirmation (start, program save, stop): what will happen, on
 * which machine, which zones, how long or how much, and with which recipe.
 */
export interface RunPlan {
  machine: string;
  zones: readonly number[];
  durationMin?: number | null;
  volumeM3?: number | null;
  recipe?: IrrigationRun['recipe'] | null;
  /** Programs water the zones one after another, the amount per zone. */
  perZone?: boolean;
  /** The machine's zone names (zone number -> name), so the sentence says "1区 → 番茄东棚". */
  names?: ReadonlyMap<number, string>;
}

/** One zone as contracts' zoneText phrases it (page and export say the same): number, then its name. */
export const zoneLabel = (t: TFunction, n: number, name?: string | null) =>
  name ? `${t('irr.confirm.zone', { n })} → ${name}` : t('irr.confirm.zone', { n });

export const zonesText = (t: TFunction, zones: readonly number[], names?: ReadonlyMap<number, string>) =>
  zones.map((n) => zoneLabel(t, n, names?.get(n))).join(t('irr.confirm.listSep'));

/** A machine's zones 1..count as select options, by name. */
export const zoneOptions = (t: TFunction, count: number, names?: ReadonlyMap<number, string>) =>
  Array.from({ length: count }, (_, i) => ({ value: i + 1, label: zoneLabel(t, i + 1, names?.get(i + 1)) }));

export function amountText(t: TFunction, p: Pick<RunPlan, 'durationMin' | 'volumeM3' | 'perZone'>): string {
  const amount =
    p.volumeM3 !== undefined && p.volumeM3 !== null
      ? t('irr.confirm.volume', { n: p.volumeM3 })
      : t('irr.confirm.duration', { n: p.durationMin ?? 0 });
  return p.perZone ? t('irr.confirm.perZone', { amount }) : amount;
}

export function recipeText(t: TFunction, recipe: RunPlan['recipe']): string {
  if (!recipe) return t('irr.confirm.water');
  if ('tanks' in recipe) {
    const shares = TANKS.filter((k) => recipe.tanks[k] !== undefined)
      .map((k) => t('irr.confirm.share', { tank: t(`irr.tank.${k}`), n: recipe.tanks[k] }))
      .join(t('irr.confirm.listSep'));
    return shares ? t('irr.confirm.tanks', { shares }) : t('irr.confirm.water');
  }
  return recipe.phTarget !== undefined
    ? t('irr.confirm.ecPh', { ec: recipe.ecTarget, ph: recipe.phTarget })
    : t('irr.confirm.ec', { ec: recipe.ecTarget });
}

/** What the run will do, as one sentence. */
export const planText = (t: TFunction, p: RunPlan) =>
  t('irr.confirm.plan', {
    machine: p.machine,
    zones: zonesText(t, p.zones, p.names),
    amount: amountText(t, p),
    recipe: recipeText(t, p.recipe),
  });

export const confirmStartText = (t: TFunction, p: RunPlan) => t('irr.confirm.start', { plan: planText(t, p) });

export const confirmProgramText = (t: TFunction, name: string, p: RunPlan) =>
  t('irr.confirm.program', { name, plan: planText(t, { ...p, perZone: true }) });

export const confirmStopText = (t: TFunction, run: IrrigationRun, names?: ReadonlyMap<number, string>) =>
  t('irr.confirm.stop', {
    run: run.runId,
    plan: planText(t, { machine: run.deviceName, ...run, names }),
  });

/** What an enabled smart rule will do on its own: the sensor reading that starts it, and what stops it. */
export interface SmartRulePlan {
  name: string;
  machine: string;
  zones: readonly number[];
  names?: ReadonlyMap<number, string>;
  sensor: string;
  sensorKey: string;
  startBelow: number;
  stopAbove: number;
  maxDurationMin: number;
}

/** A deficit rule's confirmation: the zone, the deficit that starts it, the reading that counts as wet. */
export const confirmDeficitRuleText = (
  t: TFunction,
  p: Pick<SmartRulePlan, 'name' | 'machine' | 'zones' | 'names' | 'sensor' | 'sensorKey'> & {
    deficitMm: number;
    wetAbove: number;
  },
) =>
  t('irr.confirm.deficitRule', {
    name: p.name,
    machine: p.machine,
    zones: zonesText(t, p.zones, p.names),
    deficit: p.deficitMm,
    sensor: p.sensor,
    key: p.sensorKey,
    wet: p.wetAbove,
  });

export const confirmSmartRuleText = (t: TFunction, p: SmartRulePlan) =>
  t('irr.confirm.smartRule', {
    name: p.name,
    sensor: p.sensor,
    key: p.sensorKey,
    below: p.startBelow,
    above: p.stopAbove,
    machine: p.machine,
    zones: zonesText(t, p.zones, p.names),
    amount: amountText(t, { durationMin: p.maxDurationMin }),
  });
