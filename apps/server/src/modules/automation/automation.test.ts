import { randomUUID } from 'node:crypto';
import { type AutomationRule, Code, type CommandRecord, type Paged } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { sendReadings, settle } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';

const URL = '/api/merchant/envControl';

describeEachEngine('automation rules API', (env) => {
  let token: string;
  let cabinet: { id: number; serial: string; group_id: number; merchant_id: number };
  let station: { id: number };
  beforeAll(async () => {
    const { db, login } = env();
    token = await login('demo');
    cabinet = (await db
      .selectFrom('devices')
      .select(['id', 'serial', 'group_id', 'merchant_id'])
      .where('serial', '=', 'DF-EC-0001')
      .executeTakeFirstOrThrow()) as typeof cabinet;
    station = await db.selectFrom('devices').select('id').where('serial', '=', 'DF-WS-0001').executeTakeFirstOrThrow();
    // online, so a rule's command is really sent (it waits for an ack nobody gives here)
    await db.updateTable('devices').set({ online: 1 }).where('id', '=', cabinet.id).execute();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    groupId: cabinet.group_id,
    name: '高温通风',
    deviceId: cabinet.id,
    condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30, forMs: 0, hysteresis: 1 },
    onFire: [
      { name: 'setActuator', params: { actuator: 'fan', on: true } },
      { name: 'setActuator', params: { actuator: 'wetPad', on: true } },
    ],
    onClear: [{ name: 'setActuator', params: { actuator: 'fan', on: false } }],
    ...over,
  });
  const list = async () =>
    (await env().get<AutomationRule[]>(`${URL}/getAutomationRuleList`, token, { groupId: String(cabinet.group_id) }))
      .data;

  async function reading(airTemp: number, ts = Date.now()) {
    await sendReadings(env(), cabinet.serial, [{ ts, values: { airTemp } }]);
    await settle(env());
  }
  const sentBy = (ruleId: number) =>
    env()
      .db.selectFrom('commands')
      .selectAll()
      .where('source', '=', 'rule')
      .where('source_ref', 'like', `rule:${ruleId}:%`)
      .orderBy('id')
      .execute();

  it('adds, lists, alters and removes a rule, each write in the system log', async () => {
    const { post, db } = env();
    const added = await post<AutomationRule>(`${URL}/addAutomationRule`, token, body());
    expect(added.code).toBe(Code.OK);
    expect(added.data).toMatchObject({
      name: '高温通风',
      deviceId: cabinet.id,
      enabled: true,
      active: false,
      lastFiredAt: null,
      onFire: [
        { name: 'setActuator', params: { actuator: 'fan', on: true } },
        { name: 'setActuator', params: { actuator: 'wetPad', on: true } },
      ],
    });
    expect(added.data.deviceName).not.toBe('');
    const row = await db.selectFrom('rules').selectAll().where('id', '=', added.data.id).executeTakeFirstOrThrow();
    expect(row.owner_kind).toBe('automation');
    expect(JSON.parse(row.config).onFire[0]).toEqual({
      deviceId: cabinet.id,
      name: 'setActuator',
      params: { actuator: 'fan', on: true },
    });
    expect((await list()).map((r) => r.id)).toContain(added.data.id);

    const altered = await post<AutomationRule>(`${URL}/alterAutomationRule`, token, {
      ...body({ name: '高温通风2', enabled: false }),
      id: added.data.id,
    });
    expect(altered.data).toMatchObject({ name: '高温通风2', enabled: false });

    const removed = await post(`${URL}/removeAutomationRule`, token, { id: [added.data.id] });
    expect(removed.code).toBe(Code.OK);
    expect((await list()).map((r) => r.id)).not.toContain(added.data.id);

    const logged = await db
      .selectFrom('system_log')
      .select(['action', 'result'])
      .where('target_type', '=', 'automationRule')
      .where('target_id', '=', String(added.data.id))
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { action: 'automation.add', result: 'ok' },
      { action: 'automation.alter', result: 'ok' },
      { action: 'automation.remove', result: 'ok' },
    ]);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const { post, db } = env();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('rules')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('owner_kind', '=', 'automation')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ onFire: [{ name: 'setValve', params: { valve: 1, on: true } }] }, Code.VALIDATION, 'onFire.0.name'],
      [{ onFire: [{ name: 'setActuator', params: { actuator: 'rocket', on: true } }] }, Code.VALIDATION, 'actuator'],
      [{ onFire: [] }, Code.VALIDATION, 'onFire'],
      [{ name: '' }, Code.VALIDATION, 'name'],
      [{ condition: { kind: 'threshold', key: 'airTemp', op: 'above' } }, Code.VALIDATION, 'value'],
      [{ condition: { kind: 'threshold', key: 'windSpeed', op: 'above', value: 3 } }, Code.VALIDATION, 'condition.key'],
      [{ deviceId: station.id }, Code.VALIDATION, 'deviceId'],
      [{ deviceId: 999_999 }, Code.NOT_FOUND, 'deviceId'],
    ];
    for (const [over, code, field] of cases) {
      const res = await post(`${URL}/addAutomationRule`, token, body(over));
      expect(res.code, JSON.stringify(over)).toBe(code);
      expect(JSON.stringify([fieldsOf(res), res.msg]), JSON.stringify(over)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('keeps tenants apart: another merchant cannot list, add to, alter or remove a Demo Farm rule', async () => {
    const { post, get, login } = env();
    const added = await post<AutomationRule>(`${URL}/addAutomationRule`, token, body({ name: '隔离规则' }));
    const other = await login('demo2');
    const foreign = [
      await get(`${URL}/getAutomationRuleList`, other, { groupId: String(cabinet.group_id) }),
      await post(`${URL}/addAutomationRule`, other, body()),
      await post(`${URL}/alterAutomationRule`, other, { ...body(), id: added.data.id }),
      await post(`${URL}/removeAutomationRule`, other, { id: [added.data.id] }),
      await get(`${URL}/getAutomationActivity`, other, { id: String(added.data.id) }),
    ];
    for (const res of foreign) expect([Code.PERMISSION_DENIED, Code.NOT_FOUND]).toContain(res.code);
    expect((await list()).find((r) => r.id === added.data.id)?.name).toBe('隔离规则');
    await post(`${URL}/removeAutomationRule`, token, { id: [added.data.id] });
  });

  it('fires: sends its commands to the cabinet as source rule, shows active and last fired, clears', async () => {
    const { post, get } = env();
    const rule = (await post<AutomationRule>(`${URL}/addAutomationRule`, token, body({ name: '触发测试' }))).data;
    await reading(29);
    expect(await sentBy(rule.id)).toEqual([]);
    await reading(31);
    const fired = await sentBy(rule.id);
    expect(fired.map((c) => [c.source_ref, c.name, JSON.parse(c.params)])).toEqual([
      [`rule:${rule.id}:fire`, 'setActuator', { actuator: 'fan', on: true }],
      [`rule:${rule.id}:fire`, 'setActuator', { actuator: 'wetPad', on: true }],
    ]);
    expect(fired[0]).toMatchObject({ device_id: cabinet.id, state: 'sent', login_name: 'rule:触发测试' });
    const shown = (await list()).find((r) => r.id === rule.id);
    expect(shown).toMatchObject({ active: true, lastFiredAt: Number(fired[1].created_at) });

    const activity = await get<Paged<CommandRecord>>(`${URL}/getAutomationActivity`, token, { id: String(rule.id) });
    expect(activity.data.total).toBe(2);
    expect(activity.data.list.every((c) => c.source === 'rule' && c.deviceId === cabinet.id)).toBe(true);

    await reading(28.5);
    const after = await sentBy(rule.id);
    expect(after.slice(2).map((c) => [c.source_ref, JSON.parse(c.params)])).toEqual([
      [`rule:${rule.id}:clear`, { actuator: 'fan', on: false }],
    ]);
    expect((await list()).find((r) => r.id === rule.id)?.active).toBe(false);
    await post(`${URL}/removeAutomationRule`, token, { id: [rule.id] });
  });

  it('holds back the command of an actuator the cabinet confirmed in manual mode, and logs why', async () => {
    const { post, db } = env();
    const rule = (await post<AutomationRule>(`${URL}/addAutomationRule`, token, body({ name: '手动测试' }))).data;
    await reading(25);
    // what the cabinet's ack of setMode leaves behind: a succeeded command
    await db
      .insertInto('commands')
      .values({
        cmd_id: randomUUID(),
        merchant_id: cabinet.merchant_id,
        group_id: cabinet.group_id,
        device_id: cabinet.id,
        device_class: 'envCabinet',
        device_serial: cabinet.serial,
        device_name: '5号棚环境控制柜',
        name: 'setMode',
        params: JSON.stringify({ actuator: 'fan', mode: 'manual' }),
        state: 'succeeded',
        source: 'manual',
        login_name: 'demo',
        created_at: Date.now(),
      })
      .execute();
    await reading(32);
    const sent = await sentBy(rule.id);
    expect(sent.map((c) => JSON.parse(c.params).actuator)).toEqual(['wetPad']);
    const skipped = await db
      .selectFrom('system_log')
      .select(['detail', 'login_name'])
      .where('action', '=', 'automation.skip')
      .where('target_id', '=', String(rule.id))
      .execute();
    expect(skipped).toHaveLength(1);
    expect(skipped[0].detail).toContain('fan is in manual mode');
    await post(`${URL}/removeAutomationRule`, token, { id: [rule.id] });
  });
});
