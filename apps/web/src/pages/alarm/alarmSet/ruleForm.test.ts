import type { AlarmRule } from '@farmpark/contracts';
import { addAlarmRuleBody } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { activePeriods } from './components/PreviewChart';
import { fromRule, NEW_RULE, type RuleForm, toInput } from './ruleForm';

const form = (v: Partial<RuleForm>): RuleForm => ({ ...(NEW_RULE as RuleForm), name: 'r', ...v });

describe('rule editor values', () => {
  it('makes a body the server contract accepts, for each kind of condition', () => {
    const bodies = [
      toInput(form({ deviceId: 4, key: 'battery', op: 'below', value: 20, forMinutes: 5, hysteresis: 2 }), 1),
      toInput(
        form({
          targetType: 'class',
          deviceClass: 'soilStation',
          key: 'soilMoisture20',
          op: 'between',
          low: 10,
          high: 20,
        }),
        1,
      ),
      toInput(form({ deviceId: 4, kind: 'offline', offlineMinutes: 10, quietStart: '22:00', quietEnd: '07:00' }), 1),
    ];
    for (const b of bodies) expect(addAlarmRuleBody.safeParse(b).error?.issues).toBeUndefined();
    expect(bodies[0]).toMatchObject({
      deviceId: 4,
      condition: { op: 'below', value: 20, forMs: 300_000, hysteresis: 2 },
    });
    expect(bodies[1]).toMatchObject({ deviceClass: 'soilStation', condition: { low: 10, high: 20 } });
    expect(bodies[1]).not.toHaveProperty('deviceId');
    expect(bodies[2]).toMatchObject({
      condition: { kind: 'offline', forMs: 600_000 },
      quietHours: [{ start: '22:00', end: '07:00' }],
    });
  });

  it('makes a planting rule without a device or limits, whatever the form still holds', () => {
    const body = toInput(form({ kind: 'plantingRange', deviceId: 4, key: 'airTemp', value: 30 }), 1);
    expect(addAlarmRuleBody.safeParse(body).error?.issues).toBeUndefined();
    expect(body.condition).toEqual({ kind: 'plantingRange' });
    expect(body).not.toHaveProperty('deviceId');
    expect(body).not.toHaveProperty('deviceClass');
  });

  it('makes a trap count rule on its trap or trap class, with its category, threshold and window', () => {
    const one = toInput(form({ kind: 'trapCount', deviceId: 9, categoryId: 3, threshold: 12, key: 'airTemp' }), 1);
    expect(addAlarmRuleBody.safeParse(one).error?.issues).toBeUndefined();
    // the window defaults to a day; what the form still holds of another kind is not sent
    expect(one).toMatchObject({
      deviceId: 9,
      condition: { kind: 'trapCount', categoryId: 3, threshold: 12, windowHours: 24 },
    });
    expect(one.condition).toEqual({ kind: 'trapCount', categoryId: 3, threshold: 12, windowHours: 24 });
    const all = toInput(
      form({
        kind: 'trapCount',
        targetType: 'class',
        deviceClass: 'sporeTrap',
        categoryId: 5,
        threshold: 3,
        windowHours: 72,
      }),
      1,
    );
    expect(all).toMatchObject({
      deviceClass: 'sporeTrap',
      condition: { categoryId: 5, threshold: 3, windowHours: 72 },
    });
    expect(all).not.toHaveProperty('deviceId');
    // the contract refuses what the form's fields refuse, under the condition's fields
    const bad = addAlarmRuleBody.safeParse(
      toInput(form({ kind: 'trapCount', deviceId: 9, categoryId: 3, threshold: 0, windowHours: 721 }), 1),
    );
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'condition.threshold',
      'condition.windowHours',
    ]);
    // and back: a stored rule fills the editor, which makes the same body
    const stored = {
      ...all,
      id: 2,
      deviceId: null,
      deviceName: null,
      deviceClass: 'sporeTrap',
      openAlarms: 0,
      updatedAt: 0,
    } as AlarmRule;
    expect(fromRule(stored)).toMatchObject({
      kind: 'trapCount',
      targetType: 'class',
      categoryId: 5,
      threshold: 3,
      windowHours: 72,
    });
    expect(toInput(fromRule(stored) as RuleForm, 1)).toEqual(all);
  });

  it('makes a flow rule on a metered machine or class, with its share and runs to learn from', () => {
    const one = toInput(form({ kind: 'zoneFlow', deviceId: 7, key: 'airTemp', categoryId: 3 }), 1);
    expect(addAlarmRuleBody.safeParse(one).error?.issues).toBeUndefined();
    // the share defaults to 30 %, the runs to 3; what the form still holds of another kind is not sent
    expect(one.condition).toEqual({ kind: 'zoneFlow', deviationPct: 30, minRuns: 3 });
    const all = toInput(
      form({ kind: 'zoneFlow', targetType: 'class', deviceClass: 'waterFertilizer', deviationPct: 50, minRuns: 5 }),
      1,
    );
    expect(all).toMatchObject({ deviceClass: 'waterFertilizer', condition: { deviationPct: 50, minRuns: 5 } });
    // the contract refuses what the form's fields refuse, under the condition's fields
    const bad = addAlarmRuleBody.safeParse(
      toInput(form({ kind: 'zoneFlow', deviceId: 7, deviationPct: 5, minRuns: 0 }), 1),
    );
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'condition.deviationPct',
      'condition.minRuns',
    ]);
    const stored = {
      ...all,
      id: 3,
      deviceId: null,
      deviceName: null,
      deviceClass: 'waterFertilizer',
      openAlarms: 0,
      updatedAt: 0,
    } as AlarmRule;
    expect(fromRule(stored)).toMatchObject({ kind: 'zoneFlow', targetType: 'class', deviationPct: 50, minRuns: 5 });
    expect(toInput(fromRule(stored) as RuleForm, 1)).toEqual(all);
  });

  it('round-trips a stored rule through the editor', () => {
    const input = toInput(
      form({
        deviceId: 4,
        key: 'battery',
        op: 'above',
        value: 90,
        forMinutes: 2,
        hysteresis: 1,
        contactIds: [3],
        channels: ['email'],
        repeatMinutes: 30,
      }),
      7,
    );
    const stored: AlarmRule = {
      ...input,
      id: 1,
      deviceId: 4,
      deviceName: 'v',
      deviceClass: null,
      openAlarms: 0,
      updatedAt: 0,
      severity: 'warning',
      channels: ['email'],
    } as AlarmRule;
    expect(toInput(fromRule(stored) as RuleForm, 7)).toEqual(input);
  });
});

describe('preview periods', () => {
  it('shades each fire to its clear, and a last fire to the end of the range', () => {
    const events = [
      { ts: 10, type: 'fire' as const, value: 1 },
      { ts: 20, type: 'clear' as const, value: 2 },
      { ts: 30, type: 'fire' as const, value: 1 },
    ];
    expect(activePeriods(events, 100)).toEqual([
      [10, 20],
      [30, 100],
    ]);
  });
});
