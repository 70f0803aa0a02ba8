import type { AlarmRule } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { A, alarmFixture, MIN } from '../../test/alarmFixture';
import { fieldsOf } from '../../test/details';
import { engines } from '../../test/harness';

describe.each(engines)('alarm rules [%s]', (engine) => {
  const fx = alarmFixture(engine);

  it('refuses bad rules with a message naming the field, and changes nothing', async () => {
    const before = await fx.env.db.selectFrom('rules').select('id').execute();
    const base = { groupId: fx.park, name: 'x', deviceId: fx.station.id, severity: 'warning' };
    const cases: [object, string][] = [
      [
        { ...base, severity: undefined, condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 1 } },
        'severity',
      ],
      [{ ...base, condition: { kind: 'threshold', key: 'airTemp', op: 'above' } }, 'condition.value'],
      [{ ...base, condition: { kind: 'threshold', key: 'soilPh', op: 'above', value: 1 } }, 'condition.key'],
      [{ ...base, condition: { kind: 'offline', forMs: 1000 } }, 'condition.forMs'],
      [{ ...base, condition: { kind: 'offline', forMs: MIN }, contactIds: [99999] }, 'contactIds'],
      [
        { ...base, condition: { kind: 'offline', forMs: MIN }, quietHours: [{ start: '25:00', end: '01:00' }] },
        'quietHours.0.start',
      ],
    ];
    // The details name the field; the message names it as people do, never by its key.
    for (const [body, field] of cases) {
      const res = await fx.env.post(`${A}/addAlarmRule`, fx.demo, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      expect(fieldsOf(res)).toContain(field);
      expect(res.msg).not.toContain(field);
    }
    expect(await fx.env.db.selectFrom('rules').select('id').execute()).toEqual(before);
  });

  it('accepts a form-encoded rule (JSON text for objects, lists as commas)', async () => {
    const res = await fx.env.post<AlarmRule>(
      `${A}/addAlarmRule`,
      fx.demo,
      {
        groupId: String(fx.park),
        name: '表单规则',
        deviceClass: 'soilStation',
        condition: JSON.stringify({ kind: 'threshold', key: 'soilMoisture20', op: 'between', low: 10, high: 20 }),
        severity: 'info',
        contactIds: String(fx.contactId),
        channels: 'email,webhook',
        repeatMinutes: '5',
        enabled: 'false',
      },
      true,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ deviceClass: 'soilStation', channels: ['email', 'webhook'], enabled: false });
    expect((await fx.env.post(`${A}/removeAlarmRule`, fx.demo, { id: [res.data.id] })).code).toBe(0);
  });
});
