import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';

/** Screens of the merchant that show at least one park the caller may see. */
export function listVisibleScreens(db: Db, scope: Scope) {
  return db
    .selectFrom('screens as s')
    .select(['s.id', 's.title', 's.address'])
    .where('s.merchant_id', '=', scope.merchantId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('screen_groups as sg')
          .innerJoin('groups as g', 'g.id', 'sg.group_id')
          .select('sg.group_id')
          .whereRef('sg.screen_id', '=', 's.id')
          .where('g.merchant_id', '=', scope.merchantId)
          .where('sg.group_id', 'in', inList(scope.groupIds)),
      ),
    )
    .orderBy('s.id')
    .execute();
}
