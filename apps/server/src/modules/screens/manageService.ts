import type { AddScreenBody, AlterScreenBody, Paged, ScreenManageItem } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { audited } from '../systemLog/service';
import { assertGrantableParks } from '../users/accountService';
import { assertScreenAddress } from './address';
import * as repo from './manageRepo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findScreen>>>;

const toItem = (r: Row, groupIds: number[]): ScreenManageItem => ({
  screenId: r.id,
  screenTitle: r.title,
  screenAddress: r.address,
  groupIds,
  createdAt: new Date(r.created_at).toISOString(),
});

async function load(db: Db, auth: AuthContext, screenId: number): Promise<Row> {
  const row = await repo.findScreen(db, scopeOf(auth), screenId);
  if (!row) throw notFound(`screenId ${screenId}: screen`);
  return row;
}

async function detail(db: Db, auth: AuthContext, screenId: number) {
  const row = await load(db, auth, screenId);
  return toItem(row, (await repo.screenParks(db, scopeOf(auth), [screenId])).get(screenId) ?? []);
}

export async function listManagedScreens(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<ScreenManageItem>> {
  const { rows, total } = await repo.listScreens(db, scopeOf(auth), q.keyword, q.pageNum, q.pageSize);
  const parks = await repo.screenParks(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toItem(r, parks.get(r.id) ?? [])), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export function addScreen(deps: ModuleDeps, auth: AuthContext, body: AddScreenBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'screen.add', targetType: 'screen', detail: body.screenTitle },
    async () => {
      assertScreenAddress(body.screenAddress);
      const groupIds = await assertGrantableParks(db, auth, body.groupIds);
      const id = await db.transaction().execute(async (trx) => {
        const screenId = await repo.insertScreen(
          trx,
          auth.merchantId,
          body.screenTitle,
          body.screenAddress,
          Date.now(),
        );
        await repo.replaceScreenParks(trx, scopeOf(auth), screenId, groupIds);
        return screenId;
      });
      return detail(db, auth, id);
    },
    (s) => ({ targetId: s.screenId }),
  );
}

export function alterScreen(deps: ModuleDeps, auth: AuthContext, body: AlterScreenBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'screen.alter', targetType: 'screen', targetId: body.screenId, detail: body.screenTitle },
    async () => {
      assertScreenAddress(body.screenAddress);
      await load(db, auth, body.screenId);
      const groupIds = await assertGrantableParks(db, auth, body.groupIds);
      await db.transaction().execute(async (trx) => {
        await repo.updateScreen(trx, auth.merchantId, body.screenId, body.screenTitle, body.screenAddress);
        await repo.replaceScreenParks(trx, scopeOf(auth), body.screenId, groupIds);
      });
      return detail(db, auth, body.screenId);
    },
  );
}

export function removeScreens(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  const unique = [...new Set(ids)];
  return audited(
    db,
    auth,
    meta,
    { action: 'screen.remove', targetType: 'screen', targetId: unique.join(',') },
    async () => {
      const rows = await Promise.all(unique.map((id) => load(db, auth, id)));
      await db.transaction().execute(async (trx) => {
        for (const r of rows) await repo.deleteScreen(trx, auth.merchantId, r.id);
      });
      return rows.map((r) => r.title);
    },
    (titles) => ({ detail: titles.join(', ') }),
  );
}
