import { type RuleCondition, ruleCondition } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from '../http/apiError';
import { describeEachEngine, type TestEnv } from '../test/harness';
import { createRuleStore, decodeRule, type RuleDraft } from './store';

const config = z.object({ note: z.string() });
const above = (value: number): RuleCondition =>
  ruleCondition.parse({ kind: 'threshold', key: 'airTemp', op: 'above', value, forMs: 60_000 });

describeEachEngine('rule store', (env) => {
  const draftIn = (e: TestEnv, over: Partial<RuleDraft<z.infer<typeof config>>> = {}) => ({
    groupId: e.ids.parks.farm[0],
    name: 'store check',
    deviceId: e.ids.devices.farm,
    deviceClass: null,
    condition: above(30),
    windows: [{ start: '08:00', end: '18:00', days: [1, 2, 3] }],
    config: { note: 'owner settings' },
    enabled: true,
    ...over,
  });
  const scopeOf = (e: TestEnv) => ({ merchantId: e.ids.merchant.farm, groupIds: e.ids.parks.farm });
  const rowOf = (e: TestEnv, id: number) =>
    e.db.selectFrom('rules').selectAll().where('id', '=', id).executeTakeFirst();
  const missing = () => notFound('rule');
  const saveState = (e: TestEnv, ruleId: number) =>
    e.db
      .insertInto('rule_state')
      .values({
        rule_id: ruleId,
        device_id: e.ids.devices.farm,
        pending_since: 1,
        active: 1,
        last_value: 31,
        last_ts: 1,
        evaluated_at: 1,
      })
      .execute();
  const statesOf = (e: TestEnv, ruleId: number) =>
    e.db.selectFrom('rule_state').select('rule_id').where('rule_id', '=', ruleId).execute();

  it('writes a rule and reads it back through its schemas, with its owner kind and merchant', async () => {
    const e = env();
    const alarms = createRuleStore(e, 'alarm');
    const draft = draftIn(e);
    const id = await alarms.insert(e.ids.merchant.farm, draft);
    const row = await rowOf(e, id);
    expect(row).toMatchObject({ owner_kind: 'alarm', merchant_id: e.ids.merchant.farm, enabled: 1 });
    expect(decodeRule(row as NonNullable<typeof row>, config)).toMatchObject({ ...draft, id, kind: 'alarm' });
    // a row whose owner settings no longer fit refuses to decode (the engine skips it)
    expect(() => decodeRule({ ...(row as NonNullable<typeof row>), config: '{"note":1}' }, config)).toThrow();
  });

  it('changes and removes only rules of its own kind, merchant and the caller parks', async () => {
    const e = env();
    const alarms = createRuleStore(e, 'alarm');
    const automation = createRuleStore(e, 'automation');
    const id = await alarms.insert(e.ids.merchant.farm, draftIn(e));
    const before = await rowOf(e, id);
    const other = { merchantId: e.ids.merchant.orchard, groupIds: [e.ids.parks.orchard] };
    const noParks = { merchantId: e.ids.merchant.farm, groupIds: [] };
    for (const [store, scope] of [
      [automation, scopeOf(e)],
      [alarms, other],
      [alarms, noParks],
    ] as const) {
      await expect(store.update(scope, id, draftIn(e, { name: 'taken' }), { notFound: missing })).rejects.toThrow();
      await expect(store.remove(scope, [id], { notFound: missing })).rejects.toThrow();
    }
    expect(await rowOf(e, id)).toEqual(before);
  });

  it('removes all or nothing, with the owner work of the same transaction', async () => {
    const e = env();
    const alarms = createRuleStore(e, 'alarm');
    const a = await alarms.insert(e.ids.merchant.farm, draftIn(e));
    const b = await alarms.insert(e.ids.merchant.farm, draftIn(e));
    const touched: number[] = [];
    await expect(
      alarms.remove(scopeOf(e), [a, 987_654], {
        notFound: (id) => notFound(`id ${id}`),
        also: async (_trx, id) => {
          touched.push(id);
        },
      }),
    ).rejects.toThrow(/987654/);
    expect(touched).toEqual([]);
    expect(await rowOf(e, a)).toBeDefined();

    // the owner's own work fails half way: the rules it already deleted come back
    await expect(
      alarms.remove(scopeOf(e), [a, b], {
        notFound: missing,
        also: async (trx, id) => {
          if (id === b) throw new Error('owner table refused');
          await trx.updateTable('rules').set({ name: 'changed inside' }).where('id', '=', id).execute();
        },
      }),
    ).rejects.toThrow('owner table refused');
    expect(await rowOf(e, a)).toMatchObject({ name: 'store check' });
    expect(await rowOf(e, b)).toBeDefined();

    await saveState(e, a);
    expect(await alarms.remove(scopeOf(e), [a, b], { notFound: missing })).toBe(2);
    expect(await rowOf(e, a)).toBeUndefined();
    expect(await statesOf(e, a)).toEqual([]);
  });

  it('starts the evaluation afresh when what the rule watches or when it fires changes, not for a new name', async () => {
    const e = env();
    const alarms = createRuleStore(e, 'alarm');
    const id = await alarms.insert(e.ids.merchant.farm, draftIn(e));
    await saveState(e, id);
    const renamed = await alarms.update(scopeOf(e), id, draftIn(e, { name: 'renamed' }), { notFound: missing });
    expect(renamed.changed).toBe(false);
    expect(await statesOf(e, id)).toHaveLength(1);
    expect(await rowOf(e, id)).toMatchObject({ name: 'renamed' });

    // an owner may ask for a fresh start on every change (smart irrigation: its config is its meaning)
    await alarms.update(scopeOf(e), id, draftIn(e, { name: 'renamed again' }), {
      notFound: missing,
      alwaysReset: true,
    });
    expect(await statesOf(e, id)).toEqual([]);

    // one thing at a time, each a change of meaning
    let current = draftIn(e, { name: 'renamed again' });
    for (const change of [
      { condition: above(35) },
      { windows: [] },
      { deviceId: null, deviceClass: 'weatherStation' },
      { enabled: false },
    ]) {
      await saveState(e, id);
      current = { ...current, ...change };
      const r = await alarms.update(scopeOf(e), id, current, { notFound: missing });
      expect(r.changed, JSON.stringify(change)).toBe(true);
      expect(await statesOf(e, id)).toEqual([]);
    }
  });
});
