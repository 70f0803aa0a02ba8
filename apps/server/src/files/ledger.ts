import { Code, FILE_KINDS, type FileUsage, formatBytes, MB, type StoredFileKind } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { ApiError } from '../http/apiError';
import * as repo from './ledgerRepo';

/** Whose file a put stores: the merchant it counts against, and the database its ledger is in. */
export interface FileOwner {
  db: Db;
  merchantId: number;
}

const quotaBytes = async (db: Db, merchantId: number) => (await repo.quotaMb(db, merchantId)) * MB;

/** What a merchant keeps in the store, by kind, against its quota. */
export async function fileUsage(db: Db, merchantId: number): Promise<FileUsage> {
  const byKind = new Map((await repo.usageByKind(db, merchantId)).map((r) => [r.kind, r]));
  const kinds = FILE_KINDS.map((kind) => ({
    kind,
    bytes: byKind.get(kind)?.bytes ?? 0,
    files: byKind.get(kind)?.files ?? 0,
  }));
  return {
    usedBytes: kinds.reduce((s, k) => s + k.bytes, 0),
    quotaBytes: await quotaBytes(db, merchantId),
    kinds,
  };
}

/** The refusal of a file that does not fit, saying how much is used of how much and what to do. */
export function quotaFull(used: number, quota: number, adding: number): ApiError {
  const u = formatBytes(used);
  const q = formatBytes(quota);
  const a = formatBytes(adding);
  return new ApiError(Code.STORAGE_QUOTA, {
    zh: `企业存储空间不足：已用 ${u}，共 ${q}，此文件需 ${a}。请删除不再需要的文件，或请平台管理员增加配额`,
    en: `Your company's storage is full: ${u} of ${q} used, and this file needs ${a}. Remove files you no longer need, or ask the platform administrator for a larger quota`,
  });
}

/**
 * The quota, checked before anything is written. Content the merchant keeps already costs nothing more.
 * Answers a check to call as bytes arrive (a stream's size is known only at its end); it throws the refusal.
 * Two uploads at the same moment may each pass and together go past the quota by one file: the check is
 * not a lock, and holding one across a 200 MB upload would stall every other upload of the merchant.
 */
export async function admitFile(
  owner: FileOwner,
  kind: StoredFileKind,
  sha256: string | null,
  bytes = 0,
): Promise<(bytesSoFar: number) => void> {
  if (sha256 && (await repo.isKept(owner.db, kind, sha256, owner.merchantId))) return () => {};
  const [used, quota] = await Promise.all([
    repo.usedBytes(owner.db, owner.merchantId),
    quotaBytes(owner.db, owner.merchantId),
  ]);
  const check = (adding: number) => {
    if (used + adding > quota) throw quotaFull(used, quota, adding);
  };
  check(bytes);
  return check;
}

/** Enters a stored file in the merchant's ledger (once per content and kind). */
export async function recordFile(
  owner: FileOwner,
  kind: StoredFileKind,
  file: { sha256: string; ext: string; bytes: number },
  now = Date.now(),
): Promise<void> {
  await repo.insertStoredFile(owner.db, owner.merchantId, kind, file, now);
}
