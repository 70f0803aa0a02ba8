import { randomUUID } from 'node:crypto';
import {
  type AddFarmWorkBody,
  type AlterFarmWorkBody,
  addDays,
  type FarmWork,
  type FarmWorkListQuery,
  type FarmWorkStatus,
  type FarmWorkType,
  type MachineFertiliser,
  monthBounds,
  workRemovedReason,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { lockParkRecords } from '../../../db/parkLock';
import { deleteByIds, insertRow, updateById } from '../../../db/rows';
import { notFound } from '../../../http/apiError';
import { parkListOf } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { keepOverridden } from '../core/harvests';
import { guardSprays, notAfterToday } from '../core/safetyGuard';
import { keepFirstRevision, keepRevision, requireReason } from '../revisions';
import { requireAll, requireInPark, rowToAlter, visibleRow, wrongState } from './answers';
import { type ParkTable, peopleInPark, plantingInPark } from './choicesRepo';
import * as repo from './farmWorkRepo';
import { actorOf, type LedgerActor, moveStock } from './ledger';

/**
 * Farm work of a park (/productionManagement/farmWork). Work done takes its materials out of stock in
 * the same transaction as the record itself: a work that would take more than is in stock is refused
 * with the material and the quantity left, and nothing of it is written.
 */
export const MAX_OCCURRENCES = 100;

async function toWorks(db: Db, auth: AuthContext, rows: repo.WorkRow[]): Promise<FarmWork[]> {
  const links = await repo.linksOf(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const l = links(r.id);
    return {
      id: r.id,
      groupId: r.group_id,
      type: r.type as FarmWorkType,
      areaPointId: r.area_point_id,
      areaName: r.area_name ?? '',
      plantingId: r.planting_id,
      plannedOn: r.planned_on,
      doneOn: r.done_on,
      status: r.status as FarmWorkStatus,
      notes: r.notes,
      source: r.source as 'manual' | 'machine',
      irrigationRunId: r.irrigation_run_id,
      waterM3: r.water_m3 === null ? null : Number(r.water_m3),
      fertiliser: JSON.parse(r.fertiliser) as MachineFertiliser[],
      seriesId: r.series_id,
      personnelIds: l.personnelIds,
      machineryIds: l.machineryIds,
      photoIds: l.photoIds,
      materials: l.materials.map((m) => ({
        materialId: m.material_id,
        name: m.name,
        kind: m.kind,
        unit: m.unit,
        quantity: Number(m.quantity),
        safetyDays: m.safety_days,
      })),
    };
  });
}

/** A work as a revision keeps it: what the list shows, without its ids and the machine's own fields. */
async function shown(db: Db, auth: AuthContext, groupId: number, id: number) {
  const row = await repo.workShown(db, scopeOf(auth), groupId, id);
  if (!row) return null;
  const [w] = await toWorks(db, auth, [row]);
  const { id: _id, groupId: _park, seriesId: _series, photoIds: _photos, ...kept } = w;
  return kept;
}

const revisionOf = (groupId: number, id: number) => ({ groupId, targetType: 'farmWork' as const, targetId: id });

export const listFarmWork = parkListOf(repo.listWork, (rows, db, auth) => toWorks(db, auth, rows));

export async function farmWorkExportRows(
  db: Db,
  auth: AuthContext,
  q: Omit<FarmWorkListQuery, 'pageNum' | 'pageSize'>,
) {
  requirePark(auth, q.groupId);
  return toWorks(db, auth, await repo.allWork(db, scopeOf(auth), q));
}

/** Every work that falls in a month (planned or done there): the calendar. */
export async function farmWorkMonth(db: Db, auth: AuthContext, q: { groupId: number; month: string }) {
  requirePark(auth, q.groupId);
  const { first, last } = monthBounds(q.month);
  const rows = await repo.allWork(db, scopeOf(auth), { groupId: q.groupId, startDate: first, endDate: last });
  return toWorks(db, auth, rows);
}

/** Refuses any id the park does not have, naming the field the console shows it under. */
async function checkLinks(db: Db, auth: AuthContext, b: AddFarmWorkBody | AlterFarmWorkBody) {
  const inPark = (table: ParkTable, ids: number[], what: (id: number, i: number) => string) =>
    requireInPark(db, auth, b.groupId, table, ids, what);
  await inPark('area_points', [b.areaPointId], (id) => `areaPointId ${id}: plot`);
  if (b.plantingId !== null) {
    const planting = await plantingInPark(db, scopeOf(auth), b.groupId, b.plantingId);
    if (planting?.area_point_id !== b.areaPointId) throw notFound(`plantingId ${b.plantingId}: planting`);
  }
  const people = await peopleInPark(db, scopeOf(auth), b.groupId, b.personnelIds);
  requireAll(b.personnelIds, people, (id) => `personnelIds ${id}: person`);
  await inPark('production_machinery', b.machineryIds, (id) => `machineryIds ${id}: machine`);
  const materials = b.materials.map((x) => x.materialId);
  await inPark('production_materials', materials, (id, i) => `materials.${i}.materialId ${id}: material`);
}

/** Takes a done work's materials out of stock; the field of a refusal is the line's quantity. */
export async function takeMaterials(
  trx: Db,
  who: LedgerActor,
  workId: number,
  materials: { materialId: number; quantity: number }[],
) {
  for (const [i, m] of materials.entries())
    await moveStock(
      trx,
      who,
      { materialId: m.materialId, kind: 'out', quantity: -m.quantity, farmWorkId: workId },
      `materials.${i}.quantity`,
    );
}

/** The plantings a work's sprays cover: the one it names, or every planting on its plot. */
const covered = (b: AddFarmWorkBody | AlterFarmWorkBody) =>
  b.plantingId !== null ? { plantingIds: [b.plantingId] } : { plotId: b.areaPointId };

/** Work done cannot be dated after today in the park's zone. */
const doneNotAhead = (db: Db, b: AddFarmWorkBody | AlterFarmWorkBody, tzName: string) =>
  notAfterToday(db, b.groupId, b.status === 'done' ? b.doneOn : null, 'doneOn', tzName);

const record = (b: AddFarmWorkBody | AlterFarmWorkBody, plannedOn: string) => ({
  group_id: b.groupId,
  type: b.type,
  area_point_id: b.areaPointId,
  planting_id: b.plantingId,
  planned_on: plannedOn,
  status: b.status,
  done_on: b.status === 'done' ? b.doneOn : null,
  notes: b.notes,
});

/** The fields of a farm work other modules record once, with no override: a tree's care, an accepted spray window. */
export const ONE_OFF = { repeatEveryDays: null, repeatUntil: null, overrideReason: null } as const;

export async function addFarmWork(db: Db, auth: AuthContext, b: AddFarmWorkBody, tzName: string) {
  requirePark(auth, b.groupId);
  await doneNotAhead(db, b, tzName);
  await checkLinks(db, auth, b);
  const days = [b.plannedOn];
  if (b.repeatEveryDays && b.repeatUntil) {
    for (let d = addDays(b.plannedOn, b.repeatEveryDays); d <= b.repeatUntil; d = addDays(d, b.repeatEveryDays)) {
      days.push(d);
      if (days.length > MAX_OCCURRENCES)
        throw wrongState(
          'repeatUntil',
          `重复次数不能超过 ${MAX_OCCURRENCES} 次`,
          `at most ${MAX_OCCURRENCES} occurrences; choose an earlier end`,
        );
    }
  }
  const seriesId = days.length > 1 ? randomUUID() : null;
  const who = actorOf(auth, b.groupId);
  const scope = scopeOf(auth);
  const ids = await db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, b.groupId);
    const made: number[] = [];
    for (const day of days) {
      const at = Date.now();
      const id = await insertRow(trx, scope, 'production_farm_work', {
        ...record(b, day),
        merchant_id: auth.merchantId,
        source: 'manual',
        series_id: seriesId,
        user_id: auth.userId,
        created_at: at,
        updated_at: at,
      });
      await repo.saveLinks(trx, scope, { id, group_id: b.groupId }, b, true);
      if (b.status === 'done') {
        await takeMaterials(trx, who, id, b.materials);
        await keepRevision(trx, auth, revisionOf(b.groupId, id), 'made', await shown(trx, auth, b.groupId, id));
      }
      made.push(id);
    }
    // a spray recorded late may put a harvest already made inside its interval
    return { made, overrode: await keptOver(trx, auth, b.groupId, b, made) };
  });
  const overrode = ids.overrode.length > 0 ? { logAs: 'override' as const, overrode: ids.overrode } : {};
  return { id: ids.made[0], ids: ids.made, ...overrode };
}

/**
 * The safety guard on the works just written (safetyGuard.ts); the harvests an administrator's reason keeps are
 * corrected with it. Answers those harvests.
 */
async function keptOver(
  trx: Db,
  auth: AuthContext,
  groupId: number,
  b: AddFarmWorkBody | AlterFarmWorkBody,
  workIds: number[],
) {
  const override = { isAdmin: auth.isAdmin, reason: b.overrideReason };
  const kept = await guardSprays(trx, scopeOf(auth), groupId, covered(b), workIds, override);
  if (kept.length > 0 && b.overrideReason) await keepOverridden(trx, auth, groupId, kept, b.overrideReason);
  return kept;
}

export const visibleWork = (db: Db, auth: AuthContext, id: number, field = 'id') =>
  visibleRow(db, auth, 'production_farm_work', id, `${field} ${id}: farm work`);

const sameMaterials = (
  a: { materialId: number; quantity: number }[],
  b: { materialId: number; quantity: number }[],
) => {
  const key = (l: { materialId: number; quantity: number }[]) =>
    JSON.stringify([...l].sort((x, y) => x.materialId - y.materialId).map((x) => [x.materialId, Number(x.quantity)]));
  return key(a) === key(b);
};

/**
 * Planned or abandoned work may change freely (marking it done takes its materials then). Work done is
 * in the ledger: its materials and status stay; the rest (day done, people, notes...) may be corrected.
 * Machine records are the machine's measurement and are not edited.
 */
export async function alterFarmWork(db: Db, auth: AuthContext, b: AlterFarmWorkBody, tzName: string) {
  // read under the park's lock: a save beside this one may have just marked the work done (stock taken twice)
  return db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, b.groupId);
    return alterLocked(trx, auth, b, tzName);
  });
}

async function alterLocked(db: Db, auth: AuthContext, b: AlterFarmWorkBody, tzName: string) {
  const w = await rowToAlter(db, auth, 'production_farm_work', b, 'farm work');
  if (w.source === 'machine')
    throw wrongState('notes', '灌溉机记录的农事不能修改', 'work recorded by the irrigation machine cannot be edited');
  await doneNotAhead(db, b, tzName);
  await checkLinks(db, auth, b);
  const wasDone = w.status === 'done';
  const target = revisionOf(w.group_id, w.id);
  let reason: string | null = null;
  if (wasDone) {
    if (b.status !== 'done')
      throw wrongState('status', '已完成的农事不能改回计划或放弃', 'work done cannot go back to planned or abandoned');
    const before = (await repo.linksOf(db, scopeOf(auth), [w.id]))(w.id).materials.map((m) => ({
      materialId: m.material_id,
      quantity: Number(m.quantity),
    }));
    if (!sameMaterials(before, b.materials))
      throw wrongState(
        'materials',
        '已完成农事的农资已出库，不能修改；可删除该农事（库存退回）后重新登记',
        'the materials of work done have left stock; remove the work (stock returns) and record it again',
      );
    // what cannot change at all is said first; what may change is a correction, with its reason
    reason = requireReason(b.correctionReason);
  }
  if (wasDone) await keepFirstRevision(db, auth, target, () => shown(db, auth, w.group_id, w.id));
  await updateById(db, scopeOf(auth), 'production_farm_work', w.id, {
    ...record(b, b.plannedOn),
    updated_at: Date.now(),
  });
  await repo.saveLinks(db, scopeOf(auth), w, b, !wasDone);
  if (!wasDone && b.status === 'done') await takeMaterials(db, actorOf(auth, w.group_id), w.id, b.materials);
  // a corrected day, plot or planting, or a planned spray marked done, may reach a harvest already made
  const overrode = await keptOver(db, auth, w.group_id, b, [w.id]);
  if (b.status === 'done')
    await keepRevision(
      db,
      auth,
      target,
      wasDone ? 'corrected' : 'made',
      await shown(db, auth, w.group_id, w.id),
      reason,
    );
  // the system log records an override, else the save that marked the work done, as such
  if (overrode.length > 0) return { id: w.id, logAs: 'override' as const, overrode };
  return { id: w.id, ...(!wasDone && b.status === 'done' ? { logAs: 'done' as const } : {}) };
}

/**
 * Removing work done returns its materials to stock with a ledger row saying why (the ledger is never
 * rewritten), in the same transaction as the removal.
 */
export async function removeFarmWork(db: Db, auth: AuthContext, ids: number[]) {
  const parks = await Promise.all(ids.map(async (id) => (await visibleWork(db, auth, id)).group_id));
  await db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, parks);
    // read again under the lock: a removal beside this one would return the same stock twice
    const works = await Promise.all(ids.map((id) => visibleWork(trx, auth, id)));
    const links = await repo.linksOf(trx, scopeOf(auth), ids);
    for (const w of works) {
      if (w.status === 'done') {
        await keepRevision(
          trx,
          auth,
          revisionOf(w.group_id, w.id),
          'removed',
          await shown(trx, auth, w.group_id, w.id),
        );
        for (const m of links(w.id).materials)
          await moveStock(trx, actorOf(auth, w.group_id), {
            materialId: m.material_id,
            kind: 'adjust',
            quantity: Number(m.quantity),
            reason: workRemovedReason(w.id),
          });
      }
      await deleteByIds(trx, scopeOf(auth), 'production_farm_work', [w.id]);
    }
  });
  return null;
}
