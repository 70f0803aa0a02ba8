import type { SystemLogTarget } from '@farmpark/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { audited, writeLog } from '../systemLog/service';

/** The production records the system log names. */
export type ProductionTarget = Extract<
  SystemLogTarget,
  | 'personnel'
  | 'crop'
  | 'growthStandard'
  | 'planting'
  | 'harvest'
  | 'farmWork'
  | 'material'
  | 'stockMove'
  | 'supplier'
  | 'machinery'
  | 'maintenance'
  | 'farmVideo'
  | 'plotSensors'
>;

/**
 * What a write turned out to be when its route cannot tell from the request: a farm work save that
 * marked the work done, a harvest kept inside a safety interval by an administrator's reason. Services
 * return it beside their answer; `logged` records it and hands the answer back without it.
 */
export interface LogAs {
  logAs?: 'done' | 'override';
  /** Harvests the write kept inside a safety interval by an administrator's reason: each gets its own line. */
  overrode?: number[];
}

export type LogVerb = 'add' | 'alter' | 'remove';
/** The record a line names: its id (or ids) and a name that still reads after the record is gone. */
export interface LogAbout {
  id?: number | number[];
  name?: string;
}

/**
 * Runs a production write for the caller and writes its system log line (refusals too, with their
 * code): `production.add|alter|remove` on the record kind, the record's id (the new one for an add, all
 * of them for a removal) and `name` as the detail, so the line still reads after the record is gone.
 */
export async function logged<T>(
  db: Db,
  req: FastifyRequest,
  targetType: ProductionTarget,
  verb: LogVerb,
  run: () => Promise<T>,
  about: LogAbout = {},
): Promise<Omit<T, 'logAs'>> {
  const result = await audited(
    db,
    authOf(req),
    clientMeta(req),
    {
      action: `production.${verb}`,
      targetType,
      targetId: Array.isArray(about.id) ? about.id.join(',') : about.id,
      detail: about.name,
    },
    run,
    (r) => {
      const made = r as (LogAs & { id?: unknown }) | null;
      return {
        targetId: verb === 'add' && typeof made?.id === 'number' ? made.id : undefined,
        action: made?.logAs ? `production.${made.logAs}` : undefined,
      };
    },
  );
  if (result && typeof result === 'object' && 'logAs' in result) {
    const { logAs: _, overrode = [], ...answer } = result as T & LogAs;
    // a spray recorded over a harvest: the harvest's own override line, as when the harvest itself is kept
    const auth = authOf(req);
    for (const id of overrode)
      await writeLog(db, {
        ...clientMeta(req),
        merchantId: auth.merchantId,
        userId: auth.userId,
        loginName: auth.loginName,
        action: 'production.override',
        targetType: 'harvest',
        targetId: id,
        detail: about.name,
        code: 0,
      });
    return answer as Omit<T, 'logAs'>;
  }
  return result;
}
