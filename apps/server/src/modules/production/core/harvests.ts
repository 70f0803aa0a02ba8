import {
  type AddHarvestBody,
  Code,
  type Harvest,
  type HarvestOptions,
  type UpdateHarvestBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { lockParkRecords } from '../../../db/parkLock';
import { rowById } from '../../../db/rows';
import { ApiError, notFound } from '../../../http/apiError';
import { parkListOf } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { LogAs } from '../auditLog';
import { keepFirstRevision, keepRevision, requireReason } from '../revisions';
import * as repo from './harvestsRepo';
import { peopleServing, servingPark } from './personnelRepo';
import { findPlanting, plantingsToHarvest } from './plantingsRepo';
import { found } from './refusals';
import { notAfterToday, safetyBlock } from './safetyGuard';

type Row = Awaited<ReturnType<typeof repo.listHarvests>>['rows'][number];

/** Harvests as the console shows them, with the people on each (one query for all of them). */
async function withPeople(db: Db, auth: AuthContext, rows: Row[]): Promise<Harvest[]> {
  const people = await repo.peopleOf(db, scopeOf(auth), rows);
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    plantingId: r.planting_id,
    cropName: r.crop_name,
    areaPointName: r.area_point_name ?? null,
    harvestedOn: r.harvested_on,
    quantity: Number(r.quantity),
    unit: r.unit,
    grade: r.grade,
    warehouse: r.warehouse,
    notes: r.notes,
    personnelIds: people(r.id).map((p) => p.id),
    personnelNames: people(r.id).map((p) => p.name),
    overrideReason: r.override_reason,
    overrideByName: r.override_reason === null ? null : (r.override_by_name ?? null),
  }));
}

export const listHarvests = parkListOf(repo.listHarvests, (rows, db, auth) => withPeople(db, auth, rows));

async function checked(db: Db, auth: AuthContext, b: AddHarvestBody, tzName: string): Promise<repo.HarvestFields> {
  requirePark(auth, b.groupId);
  await notAfterToday(db, b.groupId, b.harvestedOn, 'harvestedOn', tzName);
  const planting = await findPlanting(db, scopeOf(auth), b.plantingId);
  if (!planting || planting.group_id !== b.groupId) throw notFound(`plantingId ${b.plantingId}: planting`);
  const people = [...new Set(b.personnelIds)];
  const known = await servingPark(db, scopeOf(auth), b.groupId, people);
  const unknown = people.filter((p) => !known.includes(p));
  if (unknown.length > 0) throw notFound(`personnelIds ${unknown.join(', ')}: person`);
  const block = await safetyBlock(db, scopeOf(auth), b.groupId, b.plantingId, b.harvestedOn);
  if (block && b.overrideReason === null)
    throw new ApiError(
      Code.CONFLICT,
      {
        zh: `harvestedOn: ${block.sprayedOn} 喷施了${block.pesticide}，安全间隔期内不能采收，${block.firstDay} 起可采收`,
        en: `harvestedOn: ${block.pesticide} was sprayed on ${block.sprayedOn}; harvest from ${block.firstDay} (safety interval)`,
      },
      { field: 'harvestedOn', rule: 'safetyInterval', params: { ...block } },
    );
  if (block && !auth.isAdmin)
    throw new ApiError(
      Code.PERMISSION_DENIED,
      {
        zh: 'overrideReason: 只有管理员可以在安全间隔期内强制采收',
        en: 'overrideReason: only an administrator may harvest inside a safety interval',
      },
      { field: 'overrideReason', rule: 'invalid' },
    );
  return {
    group_id: b.groupId,
    planting_id: b.plantingId,
    harvested_on: b.harvestedOn,
    quantity: b.quantity,
    unit: b.unit,
    grade: b.grade,
    warehouse: b.warehouse,
    notes: b.notes,
    // A reason is kept only where it overrode something: the record shows why the rule was set aside.
    override_reason: block ? b.overrideReason : null,
    override_by: block ? auth.userId : null,
  };
}

/** A harvest in a system log line: day, quantity and the override reason given. */
export const harvestNote = (b: AddHarvestBody) =>
  `${b.harvestedOn} ${b.quantity} ${b.unit}${b.overrideReason ? ` · ${b.overrideReason}` : ''}`;

const harvestOf = (db: Db, auth: AuthContext, id: number) =>
  found(rowById(db, scopeOf(auth), 'production_harvests', id), 'id', id, 'harvest');

// `logAs`: the system log records a harvest kept over a safety interval as an override
const logAs = (f: repo.HarvestFields): LogAs => (f.override_reason === null ? {} : { logAs: 'override' });

/**
 * Checked and written under the park's lock (parkLock.ts): a spray recorded at the same moment is either
 * seen here or sees this harvest, never neither.
 */
const lockedWrite = <T>(db: Db, auth: AuthContext, groupId: number, write: (trx: Db) => Promise<T>) => {
  requirePark(auth, groupId);
  return db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, groupId);
    return write(trx);
  });
};

/** A harvest as a revision keeps it: what the list shows, without its ids. */
async function shown(db: Db, auth: AuthContext, groupId: number, id: number) {
  const row = await repo.harvestShown(db, scopeOf(auth), groupId, id);
  if (!row) return null;
  const [{ id: _id, groupId: _park, personnelIds: _ids, ...h }] = await withPeople(db, auth, [row]);
  return h;
}

const revisionOf = (groupId: number, id: number) => ({ groupId, targetType: 'harvest' as const, targetId: id });

export const addHarvest = (db: Db, auth: AuthContext, body: AddHarvestBody, tzName: string) =>
  lockedWrite(db, auth, body.groupId, async (trx) => {
    const f = await checked(trx, auth, body, tzName);
    const id = await repo.insertHarvest(trx, scopeOf(auth), f, [...new Set(body.personnelIds)]);
    await keepRevision(trx, auth, revisionOf(body.groupId, id), 'made', await shown(trx, auth, body.groupId, id));
    return { id, ...logAs(f) };
  });

/** A harvest is a finished record: an update is a correction, kept as a revision with its reason. */
export const updateHarvest = (db: Db, auth: AuthContext, body: UpdateHarvestBody, tzName: string) =>
  lockedWrite(db, auth, body.groupId, async (trx) => {
    const before = await harvestOf(trx, auth, body.id);
    if (before.group_id !== body.groupId) throw notFound(`id ${body.id}: harvest`);
    const reason = requireReason(body.correctionReason);
    const f = await checked(trx, auth, body, tzName);
    const target = revisionOf(body.groupId, body.id);
    await keepFirstRevision(trx, auth, target, () => shown(trx, auth, body.groupId, body.id));
    await repo.updateHarvest(trx, scopeOf(auth), body.id, f, [...new Set(body.personnelIds)]);
    await keepRevision(trx, auth, target, 'corrected', await shown(trx, auth, body.groupId, body.id), reason);
    return { id: body.id, ...logAs(f) };
  });

/**
 * Harvests a spray recorded after them now covers, kept by an administrator's reason on that write
 * (safetyGuard.ts): each is corrected with the reason, a revision of its own, like any correction.
 */
export async function keepOverridden(trx: Db, auth: AuthContext, groupId: number, ids: number[], reason: string) {
  for (const id of ids) {
    const target = revisionOf(groupId, id);
    await keepFirstRevision(trx, auth, target, () => shown(trx, auth, groupId, id));
    await repo.setOverride(trx, scopeOf(auth), id, reason, auth.userId);
    await keepRevision(trx, auth, target, 'corrected', await shown(trx, auth, groupId, id), reason);
  }
}

export async function removeHarvests(db: Db, auth: AuthContext, ids: number[]) {
  const harvests = await Promise.all(ids.map((id) => harvestOf(db, auth, id)));
  await db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, [...new Set(harvests.map((h) => h.group_id))]);
    for (const h of harvests)
      await keepRevision(trx, auth, revisionOf(h.group_id, h.id), 'removed', await shown(trx, auth, h.group_id, h.id));
    await repo.deleteHarvests(trx, scopeOf(auth), ids);
  });
  return null;
}

export async function* harvestExportRows(db: Db, auth: AuthContext, f: repo.HarvestFilter) {
  requirePark(auth, f.groupId);
  for await (const rows of repo.streamHarvests(db, scopeOf(auth), f))
    for (const { personnelIds: _ids, personnelNames, ...h } of await withPeople(db, auth, rows))
      yield {
        ...h,
        areaPointName: h.areaPointName ?? '',
        people: personnelNames.join('、'),
        overrideReason: h.overrideReason ?? '',
      };
}

/** The harvest dialog's pickers: the park's plantings (newest first) and the people serving the park. */
export async function harvestOptions(db: Db, auth: AuthContext, groupId: number): Promise<HarvestOptions> {
  requirePark(auth, groupId);
  const scope = scopeOf(auth);
  const [plantings, personnel] = await Promise.all([
    plantingsToHarvest(db, scope, groupId),
    peopleServing(db, scope, groupId),
  ]);
  return {
    plantings: plantings.map((p) => ({
      id: p.id,
      label: `${p.crop_name} · ${p.area_point_name ?? '-'} · ${p.sown_on}`,
      status: p.status,
    })),
    personnel,
  };
}
