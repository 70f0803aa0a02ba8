import {
  addDays,
  type DegreeDay,
  FORECAST_RECENT_DAYS,
  type ForecastGap,
  type PestStage,
  type PestStages,
  type PestStageTable,
  type SprayWindow,
} from '@farmpark/contracts';

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface StageInput {
  table: PestStageTable | null;
  /** The season's biofix day, if any. */
  biofix: string | null;
  /** The season's days up to `asOf`, their sum restarting on the biofix (degreeDaySeries). */
  days: readonly DegreeDay[];
  asOf: string;
  hasStation: boolean;
}

/**
 * Stages reached and the forecast of the others (pure). A stage is reached on the first day the sum since
 * the biofix is at or above its degree days. The forecast (method `recentMean`): what remains to a stage,
 * divided by the mean degree days of the last FORECAST_RECENT_DAYS days with readings, rounded up to whole
 * days after `asOf` (at least one: `asOf` is over).
 */
export function stageForecast(
  s: StageInput,
): Pick<PestStages, 'sumSinceBiofix' | 'tableSource' | 'stages' | 'forecast' | 'sprayWindows'> {
  const recent = s.days.slice(-FORECAST_RECENT_DAYS).filter((d) => d.dd !== null);
  const meanDd = recent.length ? round2(recent.reduce((t, d) => t + (d.dd ?? 0), 0) / recent.length) : null;
  const { biofix } = s;
  const since = biofix ? s.days.filter((d) => d.date >= biofix) : [];
  const sum = s.hasStation && biofix ? (since[since.length - 1]?.sum ?? 0) : null;
  const stages = (s.table?.stages ?? []).map((st) => ({
    ...st,
    reachedOn: since.find((d) => d.sum >= st.ddC)?.date ?? null,
    forecastOn: null as string | null,
  }));
  const ahead = stages.filter((st) => st.reachedOn === null);
  let gap: ForecastGap | null = null;
  if (!s.hasStation) gap = 'noStation';
  else if (!s.table) gap = 'noTable';
  else if (!biofix) gap = 'noBiofix';
  else if (ahead.length === 0) gap = 'allReached';
  else if (!meanDd) gap = 'noHeat';
  const daysTo = (ddC: number) => Math.max(1, Math.ceil((ddC - (sum ?? 0)) / (meanDd as number)));
  if (gap === null) for (const st of ahead) st.forecastOn = addDays(s.asOf, daysTo(st.ddC));
  const next = ahead[0];
  return {
    sumSinceBiofix: sum,
    tableSource: s.table?.source ?? null,
    stages,
    sprayWindows: sprayWindowsOf(s.table, stages),
    forecast: {
      method: 'recentMean',
      recentDays: FORECAST_RECENT_DAYS,
      meanDd,
      nextStage: next?.key ?? null,
      remainingDd: next && sum !== null ? round2(next.ddC - sum) : null,
      daysAhead: next && gap === null ? daysTo(next.ddC) : null,
      on: next?.forecastOn ?? null,
      gap,
    },
  };
}

/**
 * The table's spray windows on the season's days: each opens on the day its first stage is reached (or
 * forecast) and closes on the day its second is; passed once the second is reached.
 */
export function sprayWindowsOf(table: PestStageTable | null, stages: readonly PestStage[]): SprayWindow[] {
  const out: SprayWindow[] = [];
  for (const w of table?.sprayWindows ?? []) {
    const from = stages.find((st) => st.key === w.fromStage);
    const to = stages.find((st) => st.key === w.toStage);
    if (!from || !to) continue;
    const state = to.reachedOn ? 'passed' : from.reachedOn ? 'open' : 'ahead';
    out.push({
      ...w,
      fromDdC: from.ddC,
      toDdC: to.ddC,
      opensOn: from.reachedOn ?? from.forecastOn,
      closesOn: to.reachedOn ?? to.forecastOn,
      state,
    });
  }
  return out;
}
