import type {
  AddPersonnelBody,
  Paged,
  Personnel,
  PersonnelListQuery,
  PersonnelStatus,
  UpdatePersonnelBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { notFound } from '../../../http/apiError';
import { requirePark, requireParkIfGiven, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import * as repo from './personnelRepo';
import { found, refuseInUse } from './refusals';

/** "110101********1234": enough to tell people apart, not enough to use the number. */
export function maskIdNumber(n: string): string {
  return n.length <= 7 ? n.replace(/./g, '*') : `${n.slice(0, 3)}${'*'.repeat(n.length - 7)}${n.slice(-4)}`;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>;
const toPerson = (r: Row, groupIds: number[], masked: boolean): Personnel => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  post: r.post,
  idNumber: masked ? maskIdNumber(r.id_number) : r.id_number,
  // the hash in the address: a new photo is a new address, so no cache shows the old one
  photoUrl: r.photo ? `/api/merchant/production/personnel/photo/${r.id}?v=${r.photo.slice(0, 12)}` : null,
  status: r.status as PersonnelStatus,
  groupIds,
  userId: r.user_id,
  userName: r.user_name ?? null,
});

export async function listPersonnel(db: Db, auth: AuthContext, q: PersonnelListQuery): Promise<Paged<Personnel>> {
  requireParkIfGiven(auth, q.groupId);
  const scope = scopeOf(auth);
  const { rows, total } = await repo.listPersonnel(db, scope, q);
  const parks = await repo.parksOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toPerson(r, parks(r.id), true)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The caller's person (serving one of its parks), or 1005 naming the field it came in. */
export const personOf = (db: Db, auth: AuthContext, id: number, field = 'id') =>
  found(repo.findPerson(db, scopeOf(auth), id), field, id, 'person');

/** The full record (unmasked ID number) for the edit form. */
export async function personnelDetail(db: Db, auth: AuthContext, id: number): Promise<Personnel> {
  const scope = scopeOf(auth);
  const row = await personOf(db, auth, id);
  const parks = await repo.parksOf(db, scope, [id]);
  return toPerson(row, parks(id), false);
}

async function checkRefs(db: Db, auth: AuthContext, body: AddPersonnelBody) {
  for (const g of body.groupIds) requirePark(auth, g);
  if (body.userId !== undefined && !(await repo.userOfMerchant(db, scopeOf(auth), body.userId)))
    throw notFound(`userId ${body.userId}: user`);
}

const fields = (b: AddPersonnelBody): repo.PersonFields => ({
  name: b.name,
  phone: b.phone,
  post: b.post,
  id_number: b.idNumber.toUpperCase(),
  status: b.status,
  user_id: b.userId ?? null,
});

export async function addPersonnel(db: Db, auth: AuthContext, body: AddPersonnelBody) {
  await checkRefs(db, auth, body);
  const groupIds = [...new Set(body.groupIds)];
  const id = await db.transaction().execute((trx) => repo.insertPerson(trx, scopeOf(auth), fields(body), groupIds));
  return { id };
}

export async function updatePersonnel(db: Db, auth: AuthContext, body: UpdatePersonnelBody) {
  const scope = scopeOf(auth);
  await personOf(db, auth, body.id);
  await checkRefs(db, auth, body);
  const groupIds = [...new Set(body.groupIds)];
  await db.transaction().execute((trx) => repo.updatePerson(trx, scope, body.id, fields(body), groupIds));
  return { id: body.id };
}

/** A person on a harvest or on farm work keeps the record's "who": mark them as left instead. */
export async function removePersonnel(db: Db, auth: AuthContext, ids: number[]) {
  await refuseInUse(ids, 'person', async (id) => ({
    name: (await personOf(db, auth, id)).name,
    uses: await repo.usesOf(db, auth.merchantId, id),
  }));
  await db.transaction().execute((trx) => repo.deletePeople(trx, auth.merchantId, ids));
  return null;
}

export async function* personnelExportRows(db: Db, auth: AuthContext, f: repo.PersonnelFilter) {
  requireParkIfGiven(auth, f.groupId);
  for await (const r of repo.streamPersonnel(db, scopeOf(auth), f))
    yield {
      name: r.name,
      phone: r.phone,
      post: r.post,
      idNumber: maskIdNumber(r.id_number),
      status: r.status,
      userName: r.user_name ?? '',
    };
}
