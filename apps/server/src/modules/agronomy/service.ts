import {
  addDays,
  type DegreeDayList,
  type DegreeDayListQuery,
  dayIn,
  type Et0List,
  type Et0ListQuery,
  type PestStages,
  type PestStagesQuery,
  stageTableOf,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { type ScopeSource, scopeOf } from '../../http/scope';
import { zoneOfPark } from '../parks/repo';
import { rollupRows } from '../telemetry/repo';
import { type PestCategoryRow, seasonBiofixes, seasonsBetween } from './biofix';
import { daysFrom, degreeDaySeries, seasonStart, settingsOf } from './degreeDays';
import * as repo from './repo';
import { stageForecast } from './stages';
import { type DayAggregate, ET0_KEYS, et0Day, type StationDayAggregates } from './stationDay';

const DAY_MS = 86_400_000;

/** The park's days of the range that are over: today (in the park's zone) is not finished yet. */
async function pastDays(db: Db, q: { groupId: number; from: string; to: string }, tzName: string, now: number) {
  const zone = await zoneOfPark(db, q.groupId, tzName);
  const yesterday = addDays(dayIn(zone, now), -1);
  // ISO days sort as text: the earlier of the two
  return daysFrom(q.from, [q.to, yesterday].sort()[0]);
}

/**
 * A station's daily rollups by day. Rollup days are the server's (TZ_NAME) days, each bucket starting at
 * its local midnight, so a bucket's date is its day in TZ_NAME; a park in another zone reads them as its
 * own days (docs/IRRIGATION.md). The window is widened by a day each side so any zone's buckets are read.
 */
async function stationDays(db: Db, deviceId: number, keys: readonly string[], days: string[], tzName: string) {
  const out = new Map<string, StationDayAggregates>();
  if (days.length === 0) return out;
  const start = Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS;
  const end = Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 2 * DAY_MS;
  for (const r of await rollupRows(db, 'telemetry_daily', [deviceId], keys, start, end)) {
    const date = dayIn(tzName, Number(r.bucket));
    const day = out.get(date) ?? {};
    const agg: DayAggregate = { min: r.min, max: r.max, sum: r.sum, count: Number(r.count) };
    day[r.key as keyof StationDayAggregates] = agg;
    out.set(date, day);
  }
  return out;
}

async function stationOf(db: Db, who: ScopeSource, groupId: number) {
  const s = await repo.weatherStation(db, scopeOf(who), groupId);
  return s ? { ref: { deviceId: s.id, deviceName: s.name }, id: s.id, latitude: s.latitude } : null;
}

/** ET0 of each past day of the range from the park's first weather station (FAO-56, daily). */
export async function et0List(
  db: Db,
  who: ScopeSource,
  q: Et0ListQuery,
  tzName: string,
  now = Date.now(),
): Promise<Et0List> {
  const station = await stationOf(db, who, q.groupId);
  if (!station) return { station: null, missing: ['station'], days: [] };
  const park = await repo.parkSite(db, scopeOf(who), q.groupId);
  if (!park) throw notFound(`groupId ${q.groupId}: park`);
  // where the readings are taken: the station's own place, else the park's
  const latitude = station.latitude ?? park.latitude;
  if (latitude === null) return { station: station.ref, missing: ['latitude'], days: [] };
  const days = await pastDays(db, q, tzName, now);
  const readings = await stationDays(db, station.id, ET0_KEYS, days, tzName);
  const site = { latitude, elevationM: park.elevationM, windHeightM: park.windHeightM };
  return { station: station.ref, missing: [], days: days.map((d) => et0Day(d, readings.get(d) ?? {}, site)) };
}

/** A category's degree days on `season` (days without gaps from a season start), restarting on `biofixes`. */
async function seriesOf(
  db: Db,
  stationId: number,
  season: string[],
  category: PestCategoryRow,
  biofixes: ReadonlySet<string>,
  tzName: string,
) {
  const readings = await stationDays(db, stationId, ['airTemp'], season, tzName);
  const temps = new Map<string, { min: number; max: number }>();
  for (const [date, r] of readings) if (r.airTemp && r.airTemp.count > 0) temps.set(date, r.airTemp);
  return degreeDaySeries(season, temps, settingsOf(category), biofixes);
}

async function categoryOf(db: Db, who: ScopeSource, categoryId: number) {
  const category = await repo.pestCategory(db, scopeOf(who), categoryId);
  if (!category) throw notFound(`categoryId ${categoryId}: pest category`);
  return category;
}

const headOf = (c: PestCategoryRow) => ({ categoryId: c.id, code: c.code, name: c.name });

/**
 * Degree days of a pest category for each past day of the range, summed since the category's start day or,
 * from a season's biofix on (the operator's, else the traps'), since the biofix.
 */
export async function degreeDayList(
  db: Db,
  who: ScopeSource,
  q: DegreeDayListQuery,
  tzName: string,
  now = Date.now(),
): Promise<DegreeDayList> {
  const category = await categoryOf(db, who, q.categoryId);
  const settings = settingsOf(category);
  const head = { category: headOf(category), settings };
  const station = await stationOf(db, who, q.groupId);
  const days = await pastDays(db, q, tzName, now);
  if (!station || days.length === 0) return { ...head, station: station?.ref ?? null, days: [] };
  // the running sum needs every day since the start day before the range
  const season = daysFrom(seasonStart(days[0], settings.startMonthDay), days[days.length - 1]);
  const zone = await zoneOfPark(db, q.groupId, tzName);
  const seasons = seasonsBetween(season[0], season[season.length - 1], settings.startMonthDay);
  const biofixes = await seasonBiofixes(db, scopeOf(who), q.groupId, category, seasons, dayIn(zone, now), zone);
  const restarts = new Set([...biofixes.values()].flatMap((b) => (b.biofix ? [b.biofix.date] : [])));
  const series = await seriesOf(db, station.id, season, category, restarts, tzName);
  return { ...head, station: station.ref, days: series.slice(season.length - days.length) };
}

/**
 * The current season's biofix (the traps' and the operator's), its stages reached and the forecast of the
 * next ones, judged on the days up to yesterday in the park.
 */
export async function pestStages(
  db: Db,
  who: ScopeSource,
  q: PestStagesQuery,
  tzName: string,
  now = Date.now(),
): Promise<PestStages> {
  const category = await categoryOf(db, who, q.categoryId);
  const zone = await zoneOfPark(db, q.groupId, tzName);
  const today = dayIn(zone, now);
  const asOf = addDays(today, -1);
  const season = seasonStart(today, settingsOf(category).startMonthDay);
  const found = (await seasonBiofixes(db, scopeOf(who), q.groupId, category, [season], today, zone)).get(season);
  const biofix = found?.biofix ?? null;
  const station = await stationOf(db, who, q.groupId);
  const days = asOf < season ? [] : daysFrom(season, asOf);
  const series =
    station && days.length
      ? await seriesOf(db, station.id, days, category, new Set(biofix ? [biofix.date] : []), tzName)
      : [];
  const table = stageTableOf(category.code);
  return {
    category: headOf(category),
    seasonStart: season,
    asOf,
    trapBiofix: found?.trap ?? null,
    biofix,
    ...stageForecast({ table, biofix: biofix?.date ?? null, days: series, asOf, hasStation: station !== null }),
  };
}
