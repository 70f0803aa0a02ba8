import { beforeAll, expect, it } from 'vitest';
import { sendReadings, settle } from '../test/devices';
import { describeEachEngine } from '../test/harness';

describeEachEngine('automation rules', (env) => {
  let station: { id: number; serial: string; group_id: number | null; merchant_id: number };
  let valve: { id: number };
  beforeAll(async () => {
    const { db } = env();
    station = await db
      .selectFrom('devices')
      .select(['id', 'serial', 'group_id', 'merchant_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
    valve = await db.selectFrom('devices').select('id').where('serial', '=', 'DF-VC-0001').executeTakeFirstOrThrow();
  });

  it('sends the commands of a firing and a clearing rule through the command service, as source rule', async () => {
    const { db, rules } = env();
    const t = Date.now();
    const { id } = await db
      .insertInto('rules')
      .values({
        merchant_id: station.merchant_id,
        group_id: station.group_id as number,
        owner_kind: 'automation',
        name: '高温开阀',
        device_id: station.id,
        device_class: null,
        condition: JSON.stringify({
          kind: 'threshold',
          key: 'airTemp',
          op: 'above',
          value: 30,
          forMs: 0,
          hysteresis: 1,
        }),
        config: JSON.stringify({
          onFire: [{ deviceId: valve.id, name: 'setValve', params: { valve: 1, on: true } }],
          onClear: [{ deviceId: valve.id, name: 'setValve', params: { valve: 1, on: false } }],
        }),
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await rules.refresh();
    const send = async (ts: number, airTemp: number) => {
      await sendReadings(env(), station.serial, [{ ts, values: { airTemp } }]);
      await settle(env());
    };
    // a backfilled reading from an hour ago drives nothing
    await send(t - 3_600_000, 35);
    const ours = () => db.selectFrom('commands').selectAll().where('source_ref', 'like', `rule:${id}:%`).orderBy('id');
    expect(await ours().execute()).toEqual([]);
    await send(t, 31);
    await send(t + 1000, 29.5);
    await send(t + 2000, 28);
    const sent = await ours().execute();
    expect(sent.map((c) => [c.source_ref, JSON.parse(c.params).on])).toEqual([
      [`rule:${id}:fire`, true],
      [`rule:${id}:clear`, false],
    ]);
    expect(sent[0]).toMatchObject({ device_id: valve.id, name: 'setValve', login_name: 'rule:高温开阀' });
  });
});
