import {
  type AddCategoryBody,
  type AlterCategoryBody,
  type CategoryListQuery,
  Code,
  type Paged,
  type PestCategory,
  type PestKind,
} from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { PestCategoriesTable } from '../../db/pestsSchema';
import { isUniqueViolation } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { AuthContext } from '../auth/sessions';
import { DEFAULT_CATEGORIES } from './defaults';
import * as repo from './repo';

type CategoryRow = Selectable<PestCategoriesTable>;

export function toCategory(r: CategoryRow): PestCategory {
  return {
    categoryId: r.id,
    kind: r.kind as PestKind,
    code: r.code,
    name: r.name,
    latinName: r.latin_name,
    dailyThreshold: r.daily_threshold,
    hasPicture: r.picture_sha256 !== null,
    pictureSha: r.picture_sha256,
    updatedAt: r.updated_at,
  };
}

/** Gives a merchant the default categories once; removing them later does not bring them back. */
export async function ensureDefaults(db: Db, merchantId: number): Promise<void> {
  const at = Date.now();
  if (!(await repo.markSeeded(db, merchantId, at))) return;
  const existing = new Set(
    [
      ...(await repo.listCategories(db, merchantId, 'insect')),
      ...(await repo.listCategories(db, merchantId, 'spore')),
    ].map((c) => `${c.kind}:${c.code}`),
  );
  for (const d of DEFAULT_CATEGORIES) {
    if (existing.has(`${d.kind}:${d.code}`)) continue;
    await repo.insertCategory(db, {
      merchant_id: merchantId,
      kind: d.kind,
      code: d.code,
      name: d.name,
      latin_name: d.latinName,
      daily_threshold: d.threshold,
      picture_sha256: null,
      picture_mime: null,
      created_at: at,
      updated_at: at,
    });
  }
}

export async function allCategories(db: Db, merchantId: number, kind: PestKind): Promise<PestCategory[]> {
  await ensureDefaults(db, merchantId);
  return (await repo.listCategories(db, merchantId, kind)).map(toCategory);
}

export async function categoryList(db: Db, auth: AuthContext, q: CategoryListQuery): Promise<Paged<PestCategory>> {
  await ensureDefaults(db, auth.merchantId);
  const all = await repo.listCategories(db, auth.merchantId, q.kind, q.keyword);
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: all.slice(start, start + q.pageSize).map(toCategory), total: all.length, ...q };
}

const duplicate = (code: string) =>
  new ApiError(Code.VALIDATION, `code: "${code}" is already used by another category`);

export async function addCategory(db: Db, auth: AuthContext, b: AddCategoryBody): Promise<PestCategory> {
  await ensureDefaults(db, auth.merchantId);
  const at = Date.now();
  try {
    const id = await repo.insertCategory(db, {
      merchant_id: auth.merchantId,
      kind: b.kind,
      code: b.code,
      name: b.name,
      latin_name: b.latinName,
      daily_threshold: b.dailyThreshold,
      picture_sha256: null,
      picture_mime: null,
      created_at: at,
      updated_at: at,
    });
    return toCategory((await repo.findCategory(db, auth.merchantId, id)) as CategoryRow);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(b.code);
    throw err;
  }
}

export async function alterCategory(db: Db, auth: AuthContext, b: AlterCategoryBody): Promise<PestCategory> {
  const row = await repo.findCategory(db, auth.merchantId, b.categoryId);
  if (!row) throw notFound(`categoryId ${b.categoryId}: category`);
  try {
    await repo.updateCategory(db, auth.merchantId, row.id, {
      ...(b.code !== undefined && { code: b.code }),
      ...(b.name !== undefined && { name: b.name }),
      ...(b.latinName !== undefined && { latin_name: b.latinName }),
      ...(b.dailyThreshold !== undefined && { daily_threshold: b.dailyThreshold }),
      updated_at: Date.now(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(b.code ?? row.code);
    throw err;
  }
  return toCategory((await repo.findCategory(db, auth.merchantId, row.id)) as CategoryRow);
}

export async function removeCategories(db: Db, auth: AuthContext, ids: number[]): Promise<{ removed: number }> {
  const rows = await Promise.all(ids.map((id) => repo.findCategory(db, auth.merchantId, id)));
  const missing = ids.filter((_, i) => !rows[i]);
  if (missing.length) throw notFound(`categoryId ${missing.join(', ')}: category`);
  const used = await repo.categoriesInUse(db, auth.merchantId, ids);
  if (used.length) {
    const names = used.map((u) => u.name).join(', ');
    throw new ApiError(Code.VALIDATION, {
      zh: `ids: ${names} 已有识别记录，不能删除；可改名或改阈值`,
      en: `ids: ${names} still has detections on photos; rename it or change its threshold instead`,
    });
  }
  await repo.deleteCategories(db, auth.merchantId, ids);
  return { removed: ids.length };
}

export async function setCategoryPicture(
  db: Db,
  auth: AuthContext,
  categoryId: number,
  picture: { sha256: string; mime: string },
): Promise<PestCategory> {
  const row = await repo.findCategory(db, auth.merchantId, categoryId);
  if (!row) throw notFound(`categoryId ${categoryId}: category`);
  await repo.updateCategory(db, auth.merchantId, row.id, {
    picture_sha256: picture.sha256,
    picture_mime: picture.mime,
    updated_at: Date.now(),
  });
  return toCategory((await repo.findCategory(db, auth.merchantId, row.id)) as CategoryRow);
}
