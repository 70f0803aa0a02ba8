import type { Db } from '../db/connect';

const HOUR = 3_600_000;

/** A past alarm of the demo: hours ago it rose, minutes it lasted, the reading that raised it. */
const PAST: { hoursAgo: number; lasted: number; value: number; cleared: number; acked?: string }[] = [
  { hoursAgo: 2, lasted: 3, value: 6.1, cleared: 4.2 },
  { hoursAgo: 5, lasted: 6, value: 5.6, cleared: 4.4, acked: '阵风，已巡查大棚卷帘' },
  { hoursAgo: 11, lasted: 2, value: 5.3, cleared: 4.1 },
  { hoursAgo: 26, lasted: 9, value: 7.4, cleared: 4.3, acked: '已加固棚膜压膜线' },
  { hoursAgo: 30, lasted: 4, value: 5.9, cleared: 4.0 },
  { hoursAgo: 51, lasted: 5, value: 6.6, cleared: 4.5, acked: '已知晓' },
  { hoursAgo: 75, lasted: 12, value: 8.2, cleared: 4.2, acked: '大风天气，暂停植保无人机作业' },
  { hoursAgo: 98, lasted: 3, value: 5.4, cleared: 4.4 },
  { hoursAgo: 122, lasted: 7, value: 6.8, cleared: 4.1, acked: '已知晓' },
  { hoursAgo: 150, lasted: 4, value: 5.7, cleared: 4.3 },
];

/**
 * The windy-weather rule's past week as records (risen, some acknowledged by the admin, all cleared),
 * so the alarm records page is never empty right after the first start; the live rule adds to them.
 */
export async function seedPastAlarms(
  db: Db,
  now: number,
  at: { merchantId: number; parkId: number; ruleId: number; ruleName: string; condition: object },
): Promise<void> {
  const station = await db
    .selectFrom('devices')
    .select(['id', 'name', 'serial'])
    .where('serial', '=', 'DF-WS-0001')
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('login_name', '=', 'demo')
    .executeTakeFirst();
  await db
    .insertInto('alarms')
    .values(
      PAST.map((a) => {
        const raised = now - a.hoursAgo * HOUR;
        const cleared = raised + a.lasted * 60_000;
        return {
          merchant_id: at.merchantId,
          group_id: at.parkId,
          rule_id: at.ruleId,
          device_id: station.id,
          rule_name: at.ruleName,
          device_name: station.name,
          device_serial: station.serial,
          param_key: 'windSpeed',
          condition: JSON.stringify(at.condition),
          severity: 'info',
          value: a.value,
          state: 'cleared',
          open_key: null,
          raised_at: raised,
          acked_at: a.acked && admin ? raised + 60_000 : null,
          acked_by: a.acked && admin ? admin.id : null,
          acked_by_name: a.acked && admin ? admin.user_name : '',
          ack_comment: a.acked && admin ? a.acked : '',
          cleared_at: cleared,
          cleared_value: a.cleared,
          notify_count: 0,
        };
      }),
    )
    .execute();
}
