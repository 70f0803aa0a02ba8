import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AutomationRule, automationRuleFields } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { verifySecret } from '../modules/devices/credentials';
import { harvestsInInterval } from '../modules/production/core/safetyGuard';
import { waitFor } from '../test/devices';
import { describeEachEngine } from '../test/harness';
import { backfillDemoHistory } from './backfill';
import { DEMO_FARM_PARKS, ORCHARD_PARK } from './data';
import { DEMO_SECRETS_FILE, ensureDemoDeviceSecrets } from './devices';
import { startDemoFleet } from './fleet';

const DAY = 86_400_000;
const quiet = { info() {}, warn() {}, error() {} };

describeEachEngine('demo', (env) => {
  it('seeds realistic parks: every class in park 1, models and positions inside each park', async () => {
    const rows = await env()
      .db.selectFrom('devices')
      .select(['serial', 'device_class', 'model', 'group_id', 'latitude', 'longitude'])
      .execute();
    const park1 = rows.filter((r) => r.group_id === env().ids.parks.farm[0]);
    const count = (c: string) => park1.filter((r) => r.device_class === c).length;
    expect([
      count('weatherStation'),
      count('soilStation'),
      count('insectLamp'),
      count('camera'),
      count('valveController'),
    ]).toEqual([2, 3, 3, 2, 2]);
    expect(rows.every((r) => r.model !== '')).toBe(true);
    for (const p of [...DEMO_FARM_PARKS, ORCHARD_PARK]) {
      for (const d of p.devices) {
        const r = rows.find((x) => x.serial === d.serial)!;
        expect(Math.abs((r.latitude ?? 0) - p.latitude), d.serial).toBeLessThan(0.01);
        expect(Math.abs((r.longitude ?? 0) - p.longitude), d.serial).toBeLessThan(0.01);
      }
    }
  });

  it('seeds a greenhouse automation rule the console lists and could save again unchanged', async () => {
    const token = await env().login('demo');
    const cabinet = await env()
      .db.selectFrom('devices')
      .select(['id', 'group_id'])
      .where('serial', '=', 'DF-EC-0002')
      .executeTakeFirstOrThrow();
    const res = await env().get<AutomationRule[]>('/api/merchant/envControl/getAutomationRuleList', token, {
      groupId: String(cabinet.group_id),
    });
    expect(res.code).toBe(0);
    const rule = res.data.find((r) => r.deviceId === cabinet.id)!;
    expect(rule).toMatchObject({ name: '高温开风机湿帘', enabled: true });
    // what the editor would send back passes the same validation a new rule does
    const again = automationRuleFields.safeParse({
      ...rule,
      condition: JSON.stringify(rule.condition),
      windows: JSON.stringify(rule.windows),
      onFire: JSON.stringify(rule.onFire),
      onClear: JSON.stringify(rule.onClear),
    });
    expect(again.error).toBeUndefined();
  });

  it('seeds no harvest inside a pesticide safety interval (the demo needs no override)', async () => {
    const { db } = env();
    const plots = await db.selectFrom('area_points').select(['id', 'merchant_id', 'group_id']).execute();
    for (const p of plots) {
      const scope = { merchantId: p.merchant_id, groupIds: [p.group_id] };
      expect(await harvestsInInterval(db, scope, p.group_id, { plotId: p.id })).toEqual([]);
    }
  });

  it('seeds a finished spray corrected by the administrator: its history shows the record and the correction', async () => {
    const { db } = env();
    const corrected = await db
      .selectFrom('record_revisions')
      .select(['group_id', 'target_id'])
      .where('target_type', '=', 'farmWork')
      .where('kind', '=', 'corrected')
      .execute();
    expect(corrected).toHaveLength(1);
    const { group_id: groupId, target_id: id } = corrected[0];
    const history = await env().get<{ kind: string; reason: string | null; changes: { field: string }[] }[]>(
      '/api/merchant/production/farmWork/getFarmWorkHistory',
      await env().login('demo'),
      { groupId: String(groupId), id: String(id) },
    );
    expect(history.data.map((r) => r.kind)).toEqual(['corrected', 'made']);
    expect(history.data[0].reason).toBe('补记东侧两垄的补喷时间');
    expect(history.data[0].changes.map((c) => c.field)).toEqual(['notes']);
  });

  it('gives every demo device a secret kept in DATA_DIR (0600), stable across restarts', async () => {
    const { db, config } = env();
    const first = await ensureDemoDeviceSecrets(db, config.dataDir);
    expect(first.length).toBe([...DEMO_FARM_PARKS, ORCHARD_PARK].flatMap((p) => p.devices).length);
    const hashes = await db.selectFrom('devices').select(['serial', 'secret_hash']).execute();
    for (const e of first)
      expect(verifySecret(e.secret, hashes.find((h) => h.serial === e.serial)?.secret_hash)).toBe(true);
    expect(statSync(join(config.dataDir, DEMO_SECRETS_FILE)).mode & 0o777).toBe(0o600);

    const again = await ensureDemoDeviceSecrets(db, config.dataDir);
    expect(again.map((e) => e.secret)).toEqual(first.map((e) => e.secret));

    // regenerated in the console: the file's secret no longer works and is replaced, the others stay
    await db.updateTable('devices').set({ secret_hash: 'aa:bb' }).where('serial', '=', 'DF-WS-0001').execute();
    const third = await ensureDemoDeviceSecrets(db, config.dataDir);
    const changed = third.filter((e, i) => e.secret !== first[i].secret).map((e) => e.serial);
    expect(changed).toEqual(['DF-WS-0001']);
  });

  it('runs every demo device as a simulated device: all come online', async () => {
    const { db, config, broker } = env();
    const entries = await ensureDemoDeviceSecrets(db, config.dataDir);
    const tcp = await broker.listenTcp(0, '127.0.0.1');
    const fleet = await startDemoFleet(entries, {
      brokerUrl: `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`,
      log: quiet,
    });
    try {
      expect(fleet.connected).toBe(entries.length);
      await waitFor(
        'all online',
        async () => {
          const offline = await db
            .selectFrom('devices')
            .select('serial')
            .where('online', '=', 0)
            .where(
              'serial',
              'in',
              entries.map((e) => e.serial),
            )
            .execute();
          return offline.length === 0;
        },
        10_000,
      );
      // and values arrive: the ingest stored readings of a weather station
      await waitFor(
        'telemetry',
        async () =>
          (
            await db
              .selectFrom('telemetry')
              .select('ts')
              .where('device_id', '=', entries.find((e) => e.serial === 'DF-WS-0001')!.deviceId)
              .limit(1)
              .execute()
          ).length > 0,
      );
    } finally {
      await fleet.stop();
    }
  });

  it('backfills history once, with rollups, and skips it on the next start', async () => {
    const { db, config } = env();
    const entries = (await ensureDemoDeviceSecrets(db, config.dataDir)).filter((e) =>
      ['DF-SS-0002', 'GV-IL-0001', 'DF-CM-0001'].includes(e.serial),
    );
    const now = Date.now();
    const opts = { days: 3, recentDays: 1, now };
    const first = await backfillDemoHistory({ config, db }, entries, opts);
    expect(first.devices).toBe(2);
    expect(first.skipped).toBe(1); // the camera has nothing to report
    expect(first.rows).toBeGreaterThan(1000);
    const soil = entries.find((e) => e.serial === 'DF-SS-0002')!;
    const span = await db
      .selectFrom('telemetry')
      .select((eb) => [eb.fn.min('ts').as('a'), eb.fn.max('ts').as('b')])
      .where('device_id', '=', soil.deviceId)
      .executeTakeFirstOrThrow();
    expect(Number(span.a)).toBeLessThanOrEqual(now - 3 * DAY + 15 * 60_000);
    expect(Number(span.b)).toBeGreaterThan(now - 10 * 60_000);
    const hours = await db
      .selectFrom('telemetry_hourly')
      .select('bucket')
      .where('device_id', '=', soil.deviceId)
      .execute();
    expect(hours.length).toBeGreaterThan(60);

    const second = await backfillDemoHistory({ config, db }, entries, opts);
    expect(second).toMatchObject({ devices: 0, rows: 0, skipped: 3 });
  });
});
