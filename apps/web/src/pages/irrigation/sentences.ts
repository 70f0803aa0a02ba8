import './areaTexts';
import type { IrrigationRun, RunEndCode, SmartDecision } from '@farmpark/contracts';
import type { TFunction } from 'i18next';
import { zonesText } from './confirm';

/**
 * Sentences of the running record and the decision log, phrased here from the codes and numbers the
 * server stores, so they read in the user's language; only a machine's own words pass through as sent.
 */

const num = (v: number, digits: number) => String(Number(v.toFixed(digits)));

interface EndFacts {
  code: RunEndCode;
  value: number | null;
  stopReason?: IrrigationRun['stopReason'];
  durationMin?: number | null;
  volumeM3?: number | null;
}

function endSentence(t: TFunction, e: EndFacts): string {
  switch (e.code) {
    case 'silent':
      return e.value === null ? t('irr.end.silentNoValue') : t('irr.end.silent', { s: e.value });
    case 'stopRequested':
      return t(`irr.end.stopRequested.${e.stopReason ?? 'operator'}`);
    case 'endedEarlyTime':
      return e.value !== null && e.durationMin
        ? t('irr.end.endedEarlyTime', { ran: num(e.value, 1), planned: num(e.durationMin, 1) })
        : t('irr.end.endedEarly');
    case 'endedEarlyVolume':
      return e.value !== null && e.volumeM3
        ? t('irr.end.endedEarlyVolume', { water: num(e.value, 2), planned: num(e.volumeM3, 2) })
        : t('irr.end.endedEarly');
    default:
      return t(`irr.end.${e.code}`);
  }
}

const withWords = (t: TFunction, text: string, words: string) => (words ? t('irr.deviceSaid', { text, words }) : text);

/** Why a run ended ('' when it did what was planned or is still going). */
export function runReasonText(t: TFunction, r: IrrigationRun): string {
  if (!r.endCode) return r.reason;
  const text = endSentence(t, {
    code: r.endCode,
    value: r.endValue,
    stopReason: r.stopReason,
    durationMin: r.durationMin,
    volumeM3: r.volumeM3,
  });
  return withWords(t, text, r.reason);
}

/** Operator column: a person for manual runs; programs and smart rules act as the system. */
export const runOperatorText = (t: TFunction, r: IrrigationRun): string =>
  r.trigger === 'manual' ? r.operator : t('irr.system');

/** What a decision saw and did, from its facts; '' when an old row has none to tell. */
export function decisionText(
  t: TFunction,
  d: SmartDecision,
  lang: string,
  names?: ReadonlyMap<number, string>,
): string {
  const f = d.facts ?? {};
  const join = (a: string, b: string) => (a && b ? t('irr.say.joined', { a, b }) : a || b);
  const water = () =>
    f.waterM3 === undefined
      ? ''
      : f.waterM3 === null
        ? t('irr.say.waterUnknown')
        : t('irr.say.water', { water: num(f.waterM3, 2) });
  const runEnd = () =>
    f.runEnd
      ? endSentence(t, {
          code: f.runEnd,
          value: f.runEndValue ?? null,
          stopReason: d.reason === 'aboveStop' ? 'aboveStop' : 'operator',
          durationMin: f.maxDurationMin,
        })
      : '';
  // a deficit rule's skips say the deficit they held back, after their own reason
  const deficitNow = () =>
    f.deficitMm !== undefined
      ? t('irr.say.deficitNow', { deficit: num(f.deficitMm, 2), limit: f.deficitLimitMm, volume: f.volumeM3 })
      : '';
  switch (d.reason) {
    case 'deficitStart':
      return f.deficitMm !== undefined && f.zones && f.areaM2 !== undefined && f.efficiency !== undefined
        ? t('irr.say.deficitStart', {
            zones: zonesText(t, f.zones, names),
            deficit: num(f.deficitMm, 2),
            limit: f.deficitLimitMm,
            volume: f.volumeM3,
            area: f.areaM2,
            eff: Math.round(f.efficiency * 100),
          })
        : '';
    case 'soilWet':
      return f.wetAbove !== undefined && d.moisture !== null
        ? join(t('irr.say.soilWet', { moisture: num(d.moisture, 1), wet: f.wetAbove }), deficitNow())
        : '';
    case 'rainDue':
      return f.pressureFallHpa !== undefined
        ? join(
            t('irr.say.rainDue', { fall: num(f.pressureFallHpa, 1), hours: f.pressureHours, limit: f.rainDueFallHpa }),
            deficitNow(),
          )
        : '';
    case 'volumeDone':
      return join(t('irr.say.volumeDone'), water());
    case 'belowStart':
      return f.threshold !== undefined && d.moisture !== null && f.zones && f.maxDurationMin !== undefined
        ? t('irr.say.belowStart', {
            moisture: num(d.moisture, 1),
            threshold: f.threshold,
            zones: zonesText(t, f.zones, names),
            max: f.maxDurationMin,
          })
        : '';
    case 'raining':
      return f.rainLimitMm !== undefined && d.rainMm !== null
        ? join(t('irr.say.raining', { rain: num(d.rainMm, 1), hours: f.rainHours, limit: f.rainLimitMm }), deficitNow())
        : '';
    case 'outsideWindow':
      return f.windows?.length ? t('irr.say.outsideWindow', { windows: f.windows.join(', ') }) : '';
    case 'resting':
      return f.restLeftMin !== undefined ? t('irr.say.resting', { run: d.runId, left: f.restLeftMin }) : '';
    case 'dailyRuns':
      return f.runsToday !== undefined ? t('irr.say.dailyRuns', { runs: f.runsToday, max: f.maxRunsPerDay }) : '';
    case 'dailyWater':
      return f.waterTodayM3 !== undefined
        ? t('irr.say.dailyWater', { water: num(f.waterTodayM3, 2), max: f.maxWaterPerDayM3 })
        : '';
    case 'sensorStale':
      if (f.staleAfterMin === undefined) return '';
      return f.sensorLastAt
        ? t('irr.say.sensorStale', { ago: Math.round((d.at - f.sensorLastAt) / 60_000), min: f.staleAfterMin })
        : t('irr.say.sensorNever');
    case 'busy':
      if (f.busyRunId !== undefined) return t('irr.say.busyRun', { run: f.busyRunId });
      return f.startedAtMachine ? t('irr.say.busyMachine') : '';
    case 'aboveStop':
      // the stop sent on the reading (moisture and level), then the run's end with its water
      if (f.threshold !== undefined && d.moisture !== null) {
        return t('irr.say.aboveStop', { moisture: num(d.moisture, 1), threshold: f.threshold });
      }
      return f.waterM3 !== undefined ? join(t('irr.say.runEnded'), water()) : '';
    case 'maxDuration':
      return join(f.maxDurationMin !== undefined ? t('irr.say.maxDuration', { max: f.maxDurationMin }) : '', water());
    case 'machineStopped':
    case 'runFailed':
      return withWords(t, join(runEnd(), water()), d.detail);
    case 'pumpProtection':
      // the server's sentence names the limit and the earliest start, in both languages
      return f.error ? (lang.startsWith('en') ? f.error.en : f.error.zh) : '';
    case 'commandFailed':
      if (f.missingMachineId !== undefined) return t('irr.say.missingMachine', { id: f.missingMachineId });
      if (f.error) return lang.startsWith('en') ? f.error.en : f.error.zh;
      return withWords(t, runEnd(), d.detail);
    default:
      return d.detail;
  }
}
