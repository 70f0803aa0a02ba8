import type { Db } from '../db/connect';
import { sweepFiles } from '../files/sweep';
import { startJobLoop } from './loop';

/** The file sweep looks once an hour: its grace periods are hours long. */
export const FILE_JOB_PERIOD_MS = 3_600_000;

/** Removes what no record names from the file store and its ledger (files/sweep.ts). */
export function startFileJobs(
  db: Db,
  dataDir: string,
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  periodMs = FILE_JOB_PERIOD_MS,
  /** One process sweeps: the owner of the `devices` lease, which owns the other housekeeping too. */
  owns: () => boolean = () => true,
): () => Promise<void> {
  const sweep = async () => {
    const r = await sweepFiles(db, dataDir);
    if (r.adopted || r.released || r.removed) log.info({ ...r }, 'file sweep');
  };
  return startJobLoop([['file sweep', sweep]], { log, periodMs, owns });
}
