import { randomUUID } from 'node:crypto';
import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import * as core from '../modules/production/core/testFixture';
import * as stock from '../modules/production/stock/testFixture';
import { describeEachEngine } from '../test/harness';
import { ID_KEYS, ROUTE_SAMPLES, SAMPLES } from './tenantIsolationSamples';

/**
 * Walks every registered /api route as `demo2` (Green Valley Orchard) with the ids of `demo`'s
 * objects (Demo Farm). A route that takes an id must refuse; one that takes none must answer
 * without a trace of Demo Farm. A new route with an input this file cannot fill fails here, on purpose.
 */

describeEachEngine('tenant isolation', (env) => {
  /** A command of Demo Farm, so routes taking a cmdId get a real foreign one. */
  async function demoFarmCommand(): Promise<string> {
    const { ids, db } = env();
    const cmdId = randomUUID();
    const device = await db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', ids.devices.farm)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('commands')
      .values({
        cmd_id: cmdId,
        merchant_id: device.merchant_id,
        group_id: device.group_id,
        device_id: device.id,
        device_class: device.device_class,
        device_serial: device.serial,
        device_name: device.name,
        name: 'setValve',
        params: '{}',
        state: 'succeeded',
        source: 'manual',
        login_name: 'demo',
        created_at: Date.now(),
      })
      .execute();
    return cmdId;
  }

  /** The administrator role of Demo Farm. */
  async function demoFarmRoleId(): Promise<number> {
    const { ids, db } = env();
    const row = await db
      .selectFrom('roles')
      .select('id')
      .where('merchant_id', '=', ids.merchant.farm)
      .where('is_admin', '=', 1)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** A pest category of Demo Farm (its defaults are created on first use). */
  async function demoFarmPestCategory(): Promise<number> {
    const res = await env().get<{ categoryId: number }[]>('/api/merchant/pest/getCategoryAllList', demoToken, {
      kind: 'insect',
    });
    return res.data[0].categoryId;
  }

  /** Demo Farm's first park's group point and one of its plots (the demo lays them out), as real foreign ids. */
  async function demoFarmPoint(): Promise<{ pointId: number; areaPointId: number }> {
    const { ids, db } = env();
    const area = await db
      .selectFrom('area_points')
      .select(['id', 'point_id'])
      .where('group_id', '=', ids.parks.farm[0])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { pointId: area.point_id, areaPointId: area.id };
  }
  /** A greenhouse automation rule of Demo Farm, so automation routes get a real foreign id. */
  async function demoFarmAutomationRule(): Promise<number> {
    const { ids, db } = env();
    const t = Date.now();
    const row = await db
      .insertInto('rules')
      .values({
        merchant_id: ids.merchant.farm,
        group_id: ids.parks.farm[0],
        owner_kind: 'automation',
        name: '隔离测试自动控制',
        device_id: ids.devices.farm,
        device_class: null,
        condition: SAMPLES.condition,
        config: '{"onFire":[],"onClear":[]}',
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** An irrigation program, smart rule and run of Demo Farm, so irrigation routes get real foreign ids. */
  async function demoFarmIrrigation(): Promise<{ programId: number; ruleId: number; runId: number }> {
    const { ids, db } = env();
    const now = Date.now();
    const device = await db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', ids.devices.farm)
      .executeTakeFirstOrThrow();
    const base = {
      merchant_id: device.merchant_id,
      group_id: device.group_id ?? ids.parks.farm[0],
      device_id: device.id,
    };
    const program = await db
      .insertInto('irrigation_programs')
      .values({
        ...base,
        name: '隔离测试计划',
        start_times: '["06:00"]',
        days: '[1]',
        zones: '[1]',
        duration_min: 10,
        volume_m3: null,
        recipe: null,
        checked_until: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await db
      .insertInto('rules')
      .values({
        merchant_id: base.merchant_id,
        group_id: base.group_id,
        owner_kind: 'smartIrrigation',
        name: '隔离测试智能灌溉',
        device_id: device.id,
        device_class: device.device_class,
        condition: '{"kind":"threshold","key":"soilMoisture10","op":"below","value":25}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await db
      .insertInto('irrigation_runs')
      .values({
        ...base,
        device_class: device.device_class,
        device_name: device.name,
        device_serial: device.serial,
        zones: '[1]',
        duration_min: 10,
        volume_m3: null,
        recipe: null,
        trigger: 'manual',
        user_id: null,
        operator: 'demo',
        state: 'done',
        active_key: null,
        start_cmd_id: randomUUID(),
        stop_cmd_id: null,
        created_at: now,
        started_at: now,
        ended_at: now,
        water_start: null,
        water_m3: null,
        tanks_start: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { programId: program.id, ruleId: rule.id, runId: run.id };
  }
  /** `ids` of remove<Entity> names objects of the route's own kind. */
  const idsFor = (url: string) =>
    url.includes('/irrigation/')
      ? url.toLowerCase().includes('program')
        ? foreignIds.programId
        : foreignIds.ruleId
      : url.includes('/pest/')
        ? foreignIds.categoryId
        : url.includes('/role/')
          ? foreignIds.roleId
          : url.includes('/screen/')
            ? foreignIds.screenId
            : foreignIds.userId;

  let demoToken: string;
  let intruder: string;
  let foreignIds: Record<string, string>;
  let demoFarmMarkers: string[];
  let productionIds: core.ProductionRows;
  let stockIds: stock.StockRows;

  beforeAll(async () => {
    demoToken = await env().login('demo');
    intruder = await env().login('demo2');
    const { ids, db } = env();
    const point = await demoFarmPoint();
    const irrigation = await demoFarmIrrigation();
    productionIds = await core.productionRows(db, ids.merchant.farm, ids.parks.farm[0]);
    stockIds = await stock.stockRows(db, ids.merchant.farm, ids.parks.farm[0]);
    foreignIds = {
      machineId: String(ids.devices.farm),
      sensorId: String(ids.devices.farm),
      programId: String(irrigation.programId),
      ruleId: String(irrigation.ruleId),
      runId: String(irrigation.runId),
      pointId: String(point.pointId),
      areaPointId: String(point.areaPointId),
      areaPointIds: String(point.areaPointId),
      groupId: String(ids.parks.farm[0]),
      id: String(ids.parks.farm[0]),
      deviceId: String(ids.devices.farm),
      screenId: String(ids.screens.farm),
      userId: String(ids.users.demo),
      roleId: String(await demoFarmRoleId()),
      groupIds: String(ids.parks.farm[0]),
      deviceIds: String(ids.devices.farm),
      token: demoToken,
      cmdId: await demoFarmCommand(),
      categoryId: String(await demoFarmPestCategory()),
      automationRuleId: String(await demoFarmAutomationRule()),
    };
    const parks = await db.selectFrom('groups').select('name').where('merchant_id', '=', ids.merchant.farm).execute();
    const devices = await db
      .selectFrom('devices')
      .select('serial')
      .where('merchant_id', '=', ids.merchant.farm)
      .execute();
    demoFarmMarkers = [
      '示范农场',
      'Demo Farm',
      '"demo"',
      '"operator"',
      ...parks.map((p) => p.name),
      ...devices.map((d) => d.serial),
    ];
  });

  it('has routes to walk', () => {
    expect(env().routes.length).toBeGreaterThanOrEqual(13);
  });

  /** Like env().get, but a file download (CSV) comes back as its text so it can be checked too. */
  async function getAny(url: string, query: Record<string, string>) {
    const raw = await env().app.inject({ method: 'GET', url, query, headers: { AuthToken: intruder } });
    if (String(raw.headers['content-type'] ?? '').includes('json')) return { ...raw.json(), status: raw.statusCode };
    return { code: Code.OK, msg: 'file', data: raw.body, status: raw.statusCode };
  }

  it('refuses every route given another merchant ids, and leaks nothing from the others', async () => {
    const report: string[] = [];
    for (const route of env().routes) {
      const keys = [...route.queryKeys, ...route.bodyKeys];
      const fill = (k: string) => {
        if (k === 'ids') return idsFor(route.url);
        if (k === 'id' && route.url.includes('/envControl/')) return foreignIds.automationRuleId;
        const production = core.productionInput(route.url, k, productionIds);
        if (production) return production;
        const stockValue = stock.stockInput(route.url, k, stockIds);
        if (stockValue !== undefined) return stockValue;
        if (ID_KEYS.has(k)) return foreignIds[k];
        const own = ROUTE_SAMPLES[route.url];
        if (own && k in own) return own[k];
        if (k in SAMPLES) return SAMPLES[k];
        throw new Error(`${route.method} ${route.url}: add a sample value for input "${k}" to this test`);
      };
      const query = Object.fromEntries(route.queryKeys.map((k) => [k, fill(k)]));
      const body = Object.fromEntries(route.bodyKeys.map((k) => [k, fill(k)]));
      const res =
        route.method === 'GET' ? await getAny(route.url, query) : await env().post(route.url, intruder, body, true);
      const label = `${route.method} ${route.url} -> ${res.status} ${res.code} ${res.msg}`;
      report.push(label);

      expect(res.status, label).toBeLessThan(500);
      const takesIds = keys.some((k) => ID_KEYS.has(k));
      if (takesIds) expect([Code.NOT_FOUND, Code.PERMISSION_DENIED], label).toContain(res.code);
      const text = JSON.stringify(res);
      for (const marker of demoFarmMarkers) expect(text, `${label} leaks ${marker}`).not.toContain(marker);
    }
    expect(report.length).toBe(env().routes.length);

    // and nothing of Demo Farm changed: its parks, screen binding and session are intact
    const check = await env().get<{ groupId: number; screenId: number | null }[]>(
      '/api/merchant/group/getGroupAndDeviceAllList',
      demoToken,
    );
    expect(check.code).toBe(0);
    expect(check.data.map((p) => p.groupId)).toEqual(env().ids.parks.farm);
    expect(check.data[0].screenId).toBeNull();
  });

  it('refuses a park of its own merchant bound to a screen of another', async () => {
    const res = await env().post('/api/merchant/group/alterGroupScreen', intruder, {
      groupId: env().ids.parks.orchard,
      screenId: env().ids.screens.farm,
    });
    expect(res.code).toBe(Code.NOT_FOUND);
  });
});
