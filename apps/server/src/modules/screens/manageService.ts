import type { AddScreenBody, AlterScreenBody, ScreenManageItem } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { ClientMeta } from '../../http/clientMeta';
import { listOf } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { auditedCrud } from '../systemLog/auditedCrud';
import { assertGrantableParks } from '../users/accounts';
import { linkedParks, replaceLinkedParks } from '../users/parkLinksRepo';
import { assertScreenAddress } from './address';
import * as repo from './repo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findScreen>>>;

const crud = auditedCrud({
  family: 'screen',
  targetType: 'screen',
  find: repo.findScreen,
  name: (r: Row) => r.title,
});

/** The screens with the parks each shows, among those the caller may see. */
async function withParks(db: Db, auth: AuthContext, rows: Row[]): Promise<ScreenManageItem[]> {
  const parks = await linkedParks(
    db,
    scopeOf(auth),
    'screen_groups',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    screenId: r.id,
    screenTitle: r.title,
    screenAddress: r.address,
    groupIds: parks.get(r.id) ?? [],
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function detail(db: Db, auth: AuthContext, screenId: number): Promise<ScreenManageItem> {
  const [item] = await withParks(db, auth, [await crud.load(db, auth, screenId)]);
  return item;
}

export const listManagedScreens = listOf(repo.listScreens, (rows, db, auth) => withParks(db, auth, rows));

/** Checks the parks, then writes the screen (`write` answers its id) and its parks in one transaction. */
async function save(db: Db, auth: AuthContext, groupIds: number[], write: (trx: Db) => Promise<number>) {
  const parks = await assertGrantableParks(db, auth, groupIds);
  return db.transaction().execute(async (trx) => {
    const id = await write(trx);
    await replaceLinkedParks(trx, scopeOf(auth), 'screen_groups', id, parks);
    return id;
  });
}

export function addScreen(deps: ModuleDeps, auth: AuthContext, body: AddScreenBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async () => {
    assertScreenAddress(body.screenAddress);
    const id = await save(db, auth, body.groupIds, (trx) =>
      repo.insertScreen(trx, scopeOf(auth), body.screenTitle, body.screenAddress, Date.now()),
    );
    return detail(db, auth, id);
  };
  return crud.add(db, auth, meta, body.screenTitle, run, (s) => s.screenId);
}

export function alterScreen(deps: ModuleDeps, auth: AuthContext, body: AlterScreenBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async (row: Row) => {
    await save(db, auth, body.groupIds, async (trx) => {
      await repo.updateScreen(trx, scopeOf(auth), row.id, body.screenTitle, body.screenAddress);
      return row.id;
    });
    return detail(db, auth, row.id);
  };
  const first = () => assertScreenAddress(body.screenAddress);
  return crud.alter(db, auth, meta, body.screenId, run, { detail: body.screenTitle, first });
}

export function removeScreens(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  return crud.remove(db, auth, meta, ids, (rows) =>
    db.transaction().execute(async (trx) => {
      for (const r of rows) await repo.deleteScreen(trx, scopeOf(auth), r.id);
    }),
  );
}
