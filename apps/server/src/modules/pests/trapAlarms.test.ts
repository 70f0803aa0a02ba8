import { type AlarmRule, Code, type PestCategory, type TrapImageDetail } from '@farmpark/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { A, alarmFixture, MIN } from '../../test/alarmFixture';
import { provision, uniqueSerial } from '../../test/devices';
import { engines } from '../../test/harness';
import { createTrapAlarms } from './trapAlarms';

const HOUR = 3_600_000;
const P = '/api/merchant/pest';

/**
 * Issue 27, point 3: a category's detections on a trap's pictures of the last hours at or above an alarm rule's
 * threshold raise an alarm of the rule, which reaches its contacts like any alarm; a staff correction that takes
 * the count under it clears the alarm at the next hour. The clock is moved, not waited for. The alarm tests'
 * fixture (a mail server the contact's mail reaches) makes its own environment per engine, as in
 * plantingAlarms.test.ts, so the engines are walked with `describe.each(engines)` rather than describeEachEngine.
 */
describe.each(engines)('trap counts over a category threshold [%s]', (engine) => {
  const fx = alarmFixture(engine);
  let insects: PestCategory[];
  let spores: PestCategory[];
  let theirInsects: PestCategory[];
  const cat = (code: string) => insects.find((c) => c.code === code) as PestCategory;

  const categories = async (token: string, kind: string) =>
    (await fx.env.get<PestCategory[]>(`${P}/getCategoryAllList`, token, { kind })).data;
  beforeAll(async () => {
    insects = await categories(fx.demo, 'insect');
    spores = await categories(fx.demo, 'spore');
    theirInsects = await categories(fx.demo2, 'insect');
  });

  const ruleBody = (categoryId: number, target: object) => ({
    name: '棉铃虫超标',
    groupId: fx.park,
    ...target,
    condition: { kind: 'trapCount', categoryId, threshold: 5, windowHours: 24 },
    severity: 'warning',
    contactIds: [fx.contactId],
    channels: ['email'],
    repeatMinutes: 60,
  });

  it('refuses a category of the wrong kind, another merchant’s, or a target that is no trap, in both languages', async () => {
    const call = fx.addRuleIn;
    const spore = spores[0].categoryId;
    const theirs = theirInsects[0].categoryId;
    expect(insects.some((c) => c.categoryId === theirs)).toBe(false);
    for (const categoryId of [spore, theirs]) {
      const en = await call('en', ruleBody(categoryId, { deviceClass: 'insectTrap' }));
      expect(en.code, en.msg).toBe(Code.VALIDATION);
      expect((en.data as { field: string }[]).map((d) => d.field)).toEqual(['condition.categoryId']);
      expect(en.msg).toContain(`category ${categoryId} is not one of your insect categories`);
      const zh = await call('zh-CN', ruleBody(categoryId, { deviceClass: 'insectTrap' }));
      expect(zh.code).toBe(Code.VALIDATION);
      expect(zh.msg).toContain(`类别 ${categoryId} 不是本单位的虫害类别`);
    }
    // an insect category on spore traps is the wrong kind too
    const onSpores = await call('en', ruleBody(cat('helicoverpa_armigera').categoryId, { deviceClass: 'sporeTrap' }));
    expect((onSpores.data as { field: string }[]).map((d) => d.field)).toEqual(['condition.categoryId']);
    expect(onSpores.msg).toContain('not one of your spore categories');
    // a weather station catches nothing
    const station = await call('zh-CN', ruleBody(cat('helicoverpa_armigera').categoryId, { deviceId: fx.station.id }));
    expect((station.data as { field: string }[]).map((d) => d.field)).toEqual(['deviceId']);
    expect(station.msg).toContain('虫情计数规则只能用于虫情测报灯或孢子捕捉仪');
    expect(await fx.env.db.selectFrom('rules').select('id').where('name', '=', '棉铃虫超标').execute()).toEqual([]);
  });

  it('raises once the count reaches the threshold, raises no second, clears when a correction takes it under', async () => {
    const { env } = fx;
    const trap = (
      await provision(env, fx.demo, { serial: uniqueSerial('TA-IT'), deviceClass: 'insectTrap', groupId: fx.park })
    ).deviceId;
    // the other merchant's trap catches far more, under the very same category id
    const theirTrap = (
      await provision(env, fx.demo2, {
        serial: uniqueSerial('TA-IT'),
        deviceClass: 'insectTrap',
        groupId: env.ids.parks.orchard,
      })
    ).deviceId;
    const moth = cat('helicoverpa_armigera').categoryId;
    const diamond = cat('plutella_xylostella').categoryId;
    const rule = await fx.env
      .post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, ruleBody(moth, { deviceClass: 'insectTrap' }))
      .then((r) => {
        expect(r.code, r.msg).toBe(0);
        return r.data;
      });
    expect(rule).toMatchObject({
      deviceClass: 'insectTrap',
      condition: { kind: 'trapCount', categoryId: moth, threshold: 5, windowHours: 24 },
    });

    // pictures a month ago (so their notifications are due when the outbox runs), and a clock that walks through them
    const base = Math.floor(Date.now() / HOUR) * HOUR - 30 * 24 * HOUR;
    const photo = async (deviceId: number, hour: number, categoryIds: number[]) => {
      const image = await env.db
        .insertInto('device_images')
        .values({
          device_id: deviceId,
          sha256: 'a'.repeat(64),
          mime: 'image/jpeg',
          bytes: 1,
          taken_at: base + hour * HOUR,
          created_at: base + hour * HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await env.db
        .insertInto('image_detections')
        .values(
          categoryIds.map((category_id, i) => ({
            image_id: image.id,
            category_id,
            x: 0.05 * i,
            y: 0.1,
            w: 0.04,
            h: 0.05,
            confidence: 0.9,
            source: 'model',
            created_by: '',
            updated_at: base + hour * HOUR,
          })),
        )
        .execute();
      return image.id;
    };
    let clock = 0;
    const job = createTrapAlarms({ db: env.db, lifecycle: env.alarms.lifecycle, now: () => clock });
    const at = async (hour: number) => {
      clock = base + hour * HOUR;
      await job.hourly();
    };
    const alarmsOf = (ruleId: number) =>
      env.db.selectFrom('alarms').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

    await photo(trap, 0.2, [moth, moth, moth, diamond, diamond, diamond, diamond]);
    await photo(theirTrap, 0.2, Array(9).fill(moth));
    await at(1);
    expect(await alarmsOf(rule.id)).toEqual([]); // 3 moths, 5 wanted; the diamondbacks are another category

    const second = await photo(trap, 1.5, [moth, moth]);
    await at(2);
    const alarms = await alarmsOf(rule.id);
    expect(alarms).toHaveLength(1); // one alarm for the rule, the trap and the category
    const raised = alarms[0];
    expect(raised).toMatchObject({
      device_id: trap,
      merchant_id: env.ids.merchant.farm,
      group_id: fx.park,
      param_key: '',
      value: 5,
      state: 'active',
      severity: 'warning',
      open_key: `${rule.id}:t${trap}:c${moth}`,
    });
    const deliveries = await fx.deliveriesOf(raised.id);
    expect(deliveries.map((d) => [d.channel, d.event, d.target])).toEqual([
      ['console', 'raised', expect.stringContaining('alarm')],
      ['email', 'raised', 'ops@farm.test'],
    ]);
    expect(deliveries[1].body).toContain('棉铃虫 近 24 小时 捕获 5 头，达到阈值 5 头');
    expect(deliveries[1].body).toContain(`设备：test `);
    await env.alarms.tick();
    expect(fx.smtp.mails.at(-1)?.to).toEqual(['ops@farm.test']);
    const record = await fx.detail(raised.id);
    expect(record.condition).toEqual({
      kind: 'trapCount',
      categoryId: moth,
      threshold: 5,
      windowHours: 24,
      trap: { categoryName: '棉铃虫', count: 5, threshold: 5, windowHours: 24 },
    });

    // still over an hour later: the same alarm, no second
    await photo(trap, 2.5, [moth]);
    await at(3);
    expect((await alarmsOf(rule.id)).map((a) => [a.id, a.state])).toEqual([[raised.id, 'active']]);

    // the staff relabel two of the second picture's moths as diamondbacks: 4 moths, judged at the next hour
    const detail = await env.get<TrapImageDetail>(`${P}/getImageDetail`, fx.demo, { imageId: String(second) });
    expect(detail.code, detail.msg).toBe(0);
    for (const d of detail.data.detections) {
      const r = await env.post(`${P}/alterDetection`, fx.demo, { detectionId: d.detectionId, categoryId: diamond });
      expect(r.code, r.msg).toBe(0);
    }
    clock += 20 * MIN;
    await job.hourly();
    expect((await alarmsOf(rule.id)).map((a) => a.state)).toEqual(['active']); // the same hour: not judged again
    await at(4);
    const [cleared, ...none] = await alarmsOf(rule.id);
    expect(none).toEqual([]);
    expect(cleared).toMatchObject({ id: raised.id, state: 'cleared', cleared_value: 4, open_key: null });
    const events = await fx.deliveriesOf(raised.id);
    expect(events.filter((e) => e.event === 'cleared')).toHaveLength(2);

    // nine on the other merchant's trap never reached this merchant's rule, nor any alarm of the farm
    const leaked = await env.db.selectFrom('alarms').select('id').where('device_id', '=', theirTrap).execute();
    expect(leaked).toEqual([]);
  });
});
