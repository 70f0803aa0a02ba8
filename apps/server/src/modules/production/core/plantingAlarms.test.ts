import { type AlarmRule, addDays, Code, dayIn } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { A, alarmFixture, MIN } from '../../../test/alarmFixture';
import { sendReadings } from '../../../test/devices';
import { engines } from '../../../test/harness';
import { P } from './permits';
import { createPlantingAlarms } from './plantingAlarms';
import { firstPlot } from './testFixture';

const HOUR = 3_600_000;

/**
 * Issue 24, point 8: a growing planting whose parameter stays out of its stage's ideal range, on its plot's
 * sensors, for the hours its standard allows raises an alarm of the park's "planting out of range" rule, which
 * reaches the rule's contacts like any alarm; back in range clears it. The clock is moved, not waited for.
 */
describe.each(engines)('planting out of range too long [%s]', (engine) => {
  const fx = alarmFixture(engine);

  const ok = async <T = { id: number }>(token: string, url: string, body: object) => {
    const res = await fx.env.post<T>(url, token, body);
    expect(res.code, `${url}: ${res.msg}`).toBe(0);
    return res.data;
  };
  /** A crop growing on a plot judged by one device for air temperature, 18-28 °C, allowed `hours` out. */
  async function growing(token: string, park: number, plot: number, deviceId: number, name: string, hours: number) {
    await ok(token, `${P}/planting/updatePlotSensors`, {
      groupId: park,
      areaPointId: plot,
      sensors: [{ deviceId, keys: ['airTemp'], placement: 'outdoor' }],
    });
    const crop = await ok(token, `${P}/crop/addCrop`, { name, growingDays: 120 });
    await ok(token, `${P}/growthStage/updateStandard`, {
      cropId: crop.id,
      allowedHoursOut: hours,
      stages: [{ name: '结果期', startDay: 0, endDay: 120, ranges: [{ key: 'airTemp', min: 18, max: 28 }] }],
    });
    const sownOn = addDays(dayIn(fx.env.config.tzName), -10);
    return ok(token, `${P}/planting/addPlanting`, {
      groupId: park,
      areaPointId: plot,
      cropId: crop.id,
      areaMu: 1,
      sownOn,
      expectedHarvestOn: addDays(sownOn, 120),
    });
  }

  it('refuses an allowed duration out of range that is not 1 to 720 hours, under its field, in both languages', async () => {
    const crop = await ok(fx.demo, `${P}/crop/addCrop`, { name: '时长番茄', growingDays: 90 });
    const body = { cropId: crop.id, allowedHoursOut: 0, stages: [] };
    const call = (lang: string) =>
      fx.env.call({
        method: 'POST',
        url: `${P}/growthStage/updateStandard`,
        token: fx.demo,
        headers: { 'accept-language': lang },
        payload: body,
      });
    const en = await call('en');
    expect(en.code).toBe(Code.VALIDATION);
    expect((en.data as { field: string }[]).map((d) => d.field)).toEqual(['allowedHoursOut']);
    expect(en.msg).toContain('Hours allowed out of range');
    expect((await call('zh-CN')).msg).toContain('允许超出适宜范围（小时）');
    await ok(fx.demo, `${P}/growthStage/updateStandard`, { ...body, allowedHoursOut: 36 });
    const saved = await fx.env.get<{ allowedHoursOut: number }>(`${P}/growthStage/getStandardDetail`, fx.demo, {
      cropId: String(crop.id),
    });
    expect(saved.data.allowedHoursOut).toBe(36);
  });

  it('raises once the hours allowed are reached, notifies the contacts, raises no second, clears back in range', async () => {
    const { env } = fx;
    const plot = await firstPlot(env.db, env.ids.merchant.farm, fx.park);
    const planting = await growing(fx.demo, fx.park, plot, fx.station.id, '告警番茄', 3);
    // the other merchant's planting is out of range for even longer, with a rule of its own
    const orchard = env.ids.parks.orchard;
    const orchardStation = await env.db
      .selectFrom('devices')
      .select(['id', 'serial'])
      .where('group_id', '=', orchard)
      .where('device_class', '=', 'weatherStation')
      .executeTakeFirstOrThrow();
    const demo2 = fx.demo2;
    const theirs = await growing(
      demo2,
      orchard,
      await firstPlot(env.db, env.ids.merchant.orchard, orchard),
      orchardStation.id,
      '别家苹果',
      1,
    );
    const ruleBody = {
      name: '种植超出适宜范围',
      condition: { kind: 'plantingRange' },
      severity: 'warning',
      channels: ['email'],
      repeatMinutes: 60,
    };
    const rule = await ok<AlarmRule>(fx.demo, `${A}/addAlarmRule`, {
      ...ruleBody,
      groupId: fx.park,
      contactIds: [fx.contactId],
    });
    expect(rule).toMatchObject({ deviceId: null, deviceClass: null, condition: { kind: 'plantingRange' } });
    const theirRule = await ok<AlarmRule>(demo2, `${A}/addAlarmRule`, {
      ...ruleBody,
      groupId: orchard,
      contactIds: [],
    });

    // hours are judged from the rollups: readings well in the past, and a clock that walks through them
    const base = Math.floor(Date.now() / HOUR) * HOUR - 8 * HOUR;
    const read = async (hour: number, airTemp: number) => {
      await sendReadings(env, fx.station.serial, [{ ts: base + hour * HOUR + 5 * MIN, values: { airTemp } }]);
      await sendReadings(env, orchardStation.serial, [{ ts: base + hour * HOUR + 5 * MIN, values: { airTemp } }]);
      await env.telemetry.ingest.drain();
    };
    let clock = 0;
    const job = createPlantingAlarms({
      db: env.db,
      lifecycle: env.alarms.lifecycle,
      tz: env.config.tzName,
      now: () => clock,
    });
    const at = async (hour: number) => {
      clock = base + hour * HOUR + 30 * MIN;
      await job.hourly();
    };
    const alarmsOf = (ruleId: number) =>
      env.db.selectFrom('alarms').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

    await read(0, 35);
    await read(1, 35);
    await at(1);
    expect(await alarmsOf(rule.id)).toEqual([]); // 2 hours out, 3 allowed

    await read(2, 35.4);
    await at(2);
    const [raised, ...more] = await alarmsOf(rule.id);
    expect(more).toEqual([]);
    expect(raised).toMatchObject({
      merchant_id: env.ids.merchant.farm,
      group_id: fx.park,
      device_id: fx.station.id,
      param_key: 'airTemp',
      value: 35.4,
      state: 'active',
      open_key: `${rule.id}:p${planting.id}:airTemp`,
    });
    const deliveries = await fx.deliveriesOf(raised.id);
    expect(deliveries.map((d) => [d.channel, d.event, d.target])).toEqual([
      ['console', 'raised', expect.stringContaining('alarm')],
      ['email', 'raised', 'ops@farm.test'],
    ]);
    const plotName = (
      await env.db.selectFrom('area_points').select('name').where('id', '=', plot).executeTakeFirstOrThrow()
    ).name;
    expect(deliveries[1].body).toContain(`告警番茄（${plotName}，结果期）空气温度 超出适宜范围 18～28 °C 已 3 小时`);
    expect(deliveries[1].body).toContain('当前值：35.4');
    await env.alarms.tick();
    expect(fx.smtp.mails.at(-1)?.to).toEqual(['ops@farm.test']);
    const record = await fx.detail(raised.id);
    expect(record.condition).toMatchObject({ kind: 'plantingRange', planting: { plantingId: planting.id, hours: 3 } });

    // still out an hour later: the same alarm, no second
    await read(3, 36);
    await at(3);
    expect((await alarmsOf(rule.id)).map((a) => [a.id, a.state])).toEqual([[raised.id, 'active']]);

    // back in range: cleared, and the contacts hear of it
    await read(4, 22);
    await at(4);
    const [cleared] = await alarmsOf(rule.id);
    expect(cleared).toMatchObject({ id: raised.id, state: 'cleared', cleared_value: 22, open_key: null });
    const events = await fx.deliveriesOf(raised.id);
    expect(events.filter((e) => e.event === 'cleared')).toHaveLength(2);

    // the other merchant's planting raised into its own rule only, never into this merchant's
    const their = await alarmsOf(theirRule.id);
    expect(their.map((a) => [a.merchant_id, a.open_key])).toEqual([
      [env.ids.merchant.orchard, null], // cleared at hour 4 too
    ]);
    expect(their[0].condition).toContain(`"plantingId":${theirs.id}`);
    // raised when first judged, 2 hours out with 1 allowed: it says how long it has really been out
    expect(JSON.parse(their[0].condition).planting.hours).toBe(2);
    const leaked = await env.db
      .selectFrom('alarms')
      .select('id')
      .where('merchant_id', '=', env.ids.merchant.farm)
      .where('condition', 'like', `%"plantingId":${theirs.id},%`)
      .execute();
    expect(leaked).toEqual([]);
  });
});
