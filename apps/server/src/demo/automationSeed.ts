import type { Db } from '../db/connect';

/**
 * One greenhouse automation rule for Demo Farm, so the control cabinet page shows a real one: the
 * second cabinet (the first is the one the end-to-end tests drive by hand) starts its fans and wet pad
 * after the air stays above 32 °C for 5 minutes and stops them once it is back under 31 °C.
 */
export async function seedAutomationDemo(db: Db, now: number): Promise<void> {
  const cabinet = await db
    .selectFrom('devices')
    .select(['id', 'merchant_id', 'group_id'])
    .where('serial', '=', 'DF-EC-0002')
    .executeTakeFirst();
  if (!cabinet?.group_id) return;
  const set = (on: boolean) =>
    (['fan', 'wetPad'] as const).map((actuator) => ({
      deviceId: cabinet.id,
      name: 'setActuator',
      params: { actuator, on },
    }));
  await db
    .insertInto('rules')
    .values({
      merchant_id: cabinet.merchant_id,
      group_id: cabinet.group_id,
      owner_kind: 'automation',
      name: '高温开风机湿帘',
      device_id: cabinet.id,
      device_class: null,
      condition: JSON.stringify({
        kind: 'threshold',
        key: 'airTemp',
        op: 'above',
        value: 32,
        forMs: 300_000,
        hysteresis: 1,
      }),
      windows: '[]',
      config: JSON.stringify({ onFire: set(true), onClear: set(false) }),
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
