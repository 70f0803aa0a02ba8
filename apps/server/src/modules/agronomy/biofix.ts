import {
  addDays,
  type Biofix,
  type ClearBiofixBody,
  Code,
  dayIn,
  PEST_KIND_CLASS,
  PEST_KINDS,
  type SetBiofixBody,
  type TrapBiofix,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { zoneOfPark } from '../parks/repo';
import * as biofixRepo from './biofixRepo';
import { seasonStart, settingsOf } from './degreeDays';
import * as repo from './repo';

const DAY_MS = 86_400_000;

/** One check of a trap: a picture, its day in the park and the category's detections on it. */
export interface TrapCheck {
  deviceId: number;
  deviceName: string;
  day: string;
  n: number;
}

/**
 * The first sustained catch among the checks (per trap in time order): a check with a catch whose next
 * check of the same trap has one too. Its day is the biofix; the earliest over the park's traps wins (the
 * lower trap id on the same day). Pure.
 */
export function firstSustainedCatch(checks: readonly TrapCheck[]): TrapBiofix | null {
  let best: TrapBiofix | null = null;
  for (let i = 0; i + 1 < checks.length; i++) {
    const a = checks[i];
    const b = checks[i + 1];
    if (a.deviceId !== b.deviceId || a.n <= 0 || b.n <= 0) continue;
    if (!best || a.day < best.date)
      best = { date: a.day, deviceId: a.deviceId, deviceName: a.deviceName, counts: [a.n, b.n] };
    // a trap's later pairs cannot be earlier: skip to its next trap
    while (i + 1 < checks.length && checks[i + 1].deviceId === a.deviceId) i++;
  }
  return best;
}

export type PestCategoryRow = NonNullable<Awaited<ReturnType<typeof repo.pestCategory>>>;

/** The traps' biofix of one season: the park's checks from its start day to `lastDay` (both included). */
export async function trapBiofix(
  db: Db,
  scope: Scope,
  groupId: number,
  category: PestCategoryRow,
  season: string,
  lastDay: string,
  zone: string,
): Promise<TrapBiofix | null> {
  const kind = PEST_KINDS.find((k) => k === category.kind);
  if (!kind || lastDay < season) return null;
  // read a day wider each side, then keep the park's own days
  const from = Date.parse(`${season}T00:00:00Z`) - DAY_MS;
  const to = Date.parse(`${lastDay}T00:00:00Z`) + 2 * DAY_MS;
  const rows = await biofixRepo.trapChecks(db, scope, groupId, PEST_KIND_CLASS[kind], category.id, from, to);
  const checks: TrapCheck[] = [];
  for (const r of rows) {
    const day = dayIn(zone, Number(r.taken_at));
    if (day >= season && day <= lastDay)
      checks.push({ deviceId: r.device_id, deviceName: r.name, day, n: Number(r.n) });
  }
  return firstSustainedCatch(checks);
}

export interface SeasonBiofix {
  trap: TrapBiofix | null;
  biofix: Biofix | null;
}

/**
 * The biofix of each season (by start day) up to `lastDay`: the operator's when one is saved, else the
 * traps' first sustained catch.
 */
export async function seasonBiofixes(
  db: Db,
  scope: Scope,
  groupId: number,
  category: PestCategoryRow,
  seasons: string[],
  lastDay: string,
  zone: string,
): Promise<Map<string, SeasonBiofix>> {
  const stored = new Map(
    (await biofixRepo.storedBiofixes(db, scope, groupId, category.id, seasons)).map((r) => [r.season_start, r]),
  );
  const out = new Map<string, SeasonBiofix>();
  for (const season of seasons) {
    const trap = await trapBiofix(db, scope, groupId, category, season, lastCheckDay(category, season, lastDay), zone);
    const own = stored.get(season);
    const biofix: Biofix | null = own
      ? {
          date: own.biofix_on,
          source: own.biofix_on === trap?.date ? 'confirmed' : 'moved',
          trapOnWhenSaved: own.trap_on,
          updatedAt: Number(own.updated_at),
        }
      : trap && { date: trap.date, source: 'traps', trapOnWhenSaved: null, updatedAt: null };
    out.set(season, { trap, biofix });
  }
  return out;
}

/** The start day of the season after the one starting on `season`. */
const nextSeason = (season: string, startMonthDay: string) => seasonStart(addDays(season, 366), startMonthDay);

/** The last day of a season whose checks count: `lastDay`, or for a past season the day before the next starts. */
const lastCheckDay = (category: PestCategoryRow, season: string, lastDay: string) =>
  [lastDay, addDays(nextSeason(season, settingsOf(category).startMonthDay), -1)].sort()[0];

/** The season start days from the one of `first` to the one of `last`. */
export function seasonsBetween(first: string, last: string, startMonthDay: string): string[] {
  const out: string[] = [];
  for (let s = seasonStart(first, startMonthDay); s <= last; s = nextSeason(s, startMonthDay)) out.push(s);
  return out;
}

async function categoryOf(db: Db, auth: AuthContext, categoryId: number) {
  const category = await repo.pestCategory(db, scopeOf(auth), categoryId);
  if (!category) throw notFound(`categoryId ${categoryId}: pest category`);
  return category;
}

/**
 * Confirms (the traps' day) or moves the biofix of the season `biofixOn` falls in; not after today in the
 * park. The traps' day at that moment is kept beside it.
 */
export async function setBiofix(db: Db, auth: AuthContext, b: SetBiofixBody, tzName: string) {
  requirePark(auth, b.groupId);
  const category = await categoryOf(db, auth, b.categoryId);
  const zone = await zoneOfPark(db, b.groupId, tzName);
  const today = dayIn(zone);
  if (b.biofixOn > today) throw new ApiError(Code.VALIDATION, undefined, { field: 'biofixOn', rule: 'notFuture' });
  const season = seasonStart(b.biofixOn, settingsOf(category).startMonthDay);
  const trap = await trapBiofix(
    db,
    scopeOf(auth),
    b.groupId,
    category,
    season,
    lastCheckDay(category, season, today),
    zone,
  );
  await biofixRepo.saveBiofix(db, scopeOf(auth), {
    merchant_id: auth.merchantId,
    group_id: b.groupId,
    category_id: category.id,
    season_start: season,
    biofix_on: b.biofixOn,
    trap_on: trap?.date ?? null,
    user_id: auth.userId,
    updated_at: Date.now(),
  });
  return { seasonStart: season, biofixOn: b.biofixOn };
}

/** Forgets the operator's biofix of the current season: the traps' applies again. */
export async function clearBiofix(db: Db, auth: AuthContext, b: ClearBiofixBody, tzName: string) {
  requirePark(auth, b.groupId);
  const category = await categoryOf(db, auth, b.categoryId);
  const today = dayIn(await zoneOfPark(db, b.groupId, tzName));
  const season = seasonStart(today, settingsOf(category).startMonthDay);
  await biofixRepo.deleteBiofix(db, scopeOf(auth), b.groupId, category.id, season);
  return { seasonStart: season };
}
