import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createDeviceRegistry } from './registry';

describeEachEngine('device registry', (env) => {
  it('maps serial and id to the same device, and caches both', async () => {
    let now = 1_000;
    const reg = createDeviceRegistry(env().db, { ttlMs: 10_000, now: () => now });
    const bySerial = await reg.bySerial('DF-WS-0001');
    expect(bySerial).toMatchObject({
      serial: 'DF-WS-0001',
      deviceClass: 'weatherStation',
      merchantId: env().ids.merchant.farm,
    });
    expect(await reg.byId(bySerial!.deviceId)).toEqual(bySerial);

    // a change this process did not announce stays invisible until the entry expires
    await env().db.updateTable('devices').set({ name: 'renamed' }).where('id', '=', bySerial!.deviceId).execute();
    expect((await reg.bySerial('DF-WS-0001'))?.name).toBe(bySerial!.name);
    now += 10_001;
    expect((await reg.bySerial('DF-WS-0001'))?.name).toBe('renamed');

    await env().db.updateTable('devices').set({ name: 'again' }).where('id', '=', bySerial!.deviceId).execute();
    reg.invalidate('DF-WS-0001');
    expect((await reg.byId(bySerial!.deviceId))?.name).toBe('again');
    await env().db.updateTable('devices').set({ name: bySerial!.name }).where('id', '=', bySerial!.deviceId).execute();
  });

  it('caches unknown serials as misses until invalidated', async () => {
    const reg = createDeviceRegistry(env().db);
    expect(await reg.bySerial('NO-SUCH-1')).toBeUndefined();
    const { ids, db } = env();
    await db
      .insertInto('devices')
      .values({
        merchant_id: ids.merchant.farm,
        group_id: ids.parks.farm[0],
        serial: 'NO-SUCH-1',
        name: 'late',
        device_class: 'soilStation',
        created_at: 1,
        secret_hash: null,
        last_seen_at: null,
        status_at: null,
        longitude: null,
        latitude: null,
      })
      .execute();
    expect(await reg.bySerial('NO-SUCH-1')).toBeUndefined();
    reg.invalidate('NO-SUCH-1');
    expect((await reg.bySerial('NO-SUCH-1'))?.name).toBe('late');
    await db.deleteFrom('devices').where('serial', '=', 'NO-SUCH-1').execute();
  });

  it('shares one query between concurrent lookups', async () => {
    const reg = createDeviceRegistry(env().db);
    const [a, b] = await Promise.all([reg.bySerial('DF-SS-0001'), reg.bySerial('DF-SS-0001')]);
    expect(a).toBe(b);
  });
});
