import { DEVICE_MODEL } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { hashPassword } from '../modules/auth/secrets';
import { seedAlarmDemo } from './alarmsSeed';
import { seedAutomationDemo } from './automationSeed';
import { seedCorrectedSpray } from './correctedSpray';
import {
  DEMO_FARM_PARKS,
  DEMO_PASSWORD,
  type DemoPark,
  demoReportIntervalMs,
  OPERATOR_GRANTS,
  ORCHARD_PARK,
} from './data';
import { seedDeficitDemo } from './deficitDemo';
import { seedIrrigationDemo } from './irrigation';
import { seedZoneNamesDemo } from './irrigationZones';
import { demoLayout } from './layout';
import { seedPlotSensorsDemo } from './plotSensors';
import { seedProductionCoreDemo } from './productionCore';
import { seedProductionStockDemo } from './productionStock';
import { seedTraceDemo } from './traceBatches';
import { seedTraceCodesDemo } from './traceCodes';
import { seedTreeDemo } from './traceTrees';

export interface SeedResult {
  seeded: boolean;
}

/** Seeds the demo world once: only when the database holds no merchant at all. */
export async function seedDemo(db: Db, now = Date.now()): Promise<SeedResult> {
  const any = await db.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false };
  const pwd = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const merchant = async (name: string, abbreviation: string) =>
      (
        await trx
          .insertInto('merchants')
          .values({ name, abbreviation, logo_url: '', enabled: 1, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const role = async (merchantId: number, roleKey: string, name: string, isAdmin: boolean) =>
      (
        await trx
          .insertInto('roles')
          .values({ merchant_id: merchantId, role_key: roleKey, name, is_admin: isAdmin ? 1 : 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const user = async (merchantId: number, loginName: string, userName: string, phone: string, roleId: number) =>
      (
        await trx
          .insertInto('users')
          .values({
            merchant_id: merchantId,
            login_name: loginName,
            user_name: userName,
            phone,
            password_hash: pwd.hash,
            password_salt: pwd.salt,
            role_id: roleId,
            enabled: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const park = async (merchantId: number, p: DemoPark) => {
      const groupId = (
        await trx
          .insertInto('groups')
          .values({
            merchant_id: merchantId,
            name: p.name,
            holder_man: p.holderMan,
            address: p.address,
            // parks store hectares; the demo states its parks in mu, as their owners would
            area: Math.round((p.area / 15) * 100) / 100,
            longitude: p.longitude,
            latitude: p.latitude,
            crops: p.crops,
            remark: p.remark,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const layout = demoLayout(p);
      await trx
        .insertInto('devices')
        .values(
          p.devices.map((d, i) => ({
            merchant_id: merchantId,
            group_id: groupId,
            serial: d.serial,
            name: d.name,
            device_class: d.deviceClass,
            model: d.model ?? DEVICE_MODEL[d.deviceClass].models[0].model,
            report_interval_ms: demoReportIntervalMs(d.deviceClass),
            ...layout.devices[i],
            created_at: now,
          })),
        )
        .execute();
      // the park's map: its group point at the centre with the boundary, and its plots
      const pointId = (
        await trx
          .insertInto('group_points')
          .values({
            merchant_id: merchantId,
            group_id: groupId,
            longitude: p.longitude,
            latitude: p.latitude,
            zoom: 17,
            boundary: JSON.stringify(layout.boundary),
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx
        .insertInto('area_points')
        .values(
          layout.plots.map((a) => ({
            merchant_id: merchantId,
            group_id: groupId,
            point_id: pointId,
            name: a.name,
            crop: a.crop,
            area: a.hectares,
            boundary: JSON.stringify(a.boundary),
            remark: `${a.mu} 亩`,
            created_at: now,
          })),
        )
        .execute();
      return groupId;
    };
    const screen = async (merchantId: number, title: string, groupIds: number[]) => {
      const screenId = (
        await trx
          .insertInto('screens')
          .values({ merchant_id: merchantId, title, address: '/large-screen-multi', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx
        .insertInto('screen_groups')
        .values(groupIds.map((g) => ({ screen_id: screenId, group_id: g })))
        .execute();
    };

    const farm = await merchant('Demo Farm', '示范农场');
    const farmAdmin = await role(farm, 'admin', '超级管理员', true);
    const operatorRole = await role(farm, 'operator', '生产操作员', false);
    await trx
      .insertInto('role_permissions')
      .values(OPERATOR_GRANTS.map((u) => ({ role_id: operatorRole, permit_url: u })))
      .execute();
    const farmParks: number[] = [];
    for (const p of DEMO_FARM_PARKS) farmParks.push(await park(farm, p));
    await user(farm, 'demo', '示范农场管理员', '13800000001', farmAdmin);
    const operator = await user(farm, 'operator', '刘操作员', '13800000002', operatorRole);
    await trx.insertInto('user_groups').values({ user_id: operator, group_id: farmParks[1] }).execute();
    await screen(farm, '示范农场多园区大屏', farmParks);

    const orchard = await merchant('Green Valley Orchard', '青谷果园');
    const orchardAdmin = await role(orchard, 'admin', '超级管理员', true);
    const orchardPark = await park(orchard, ORCHARD_PARK);
    await user(orchard, 'demo2', '青谷果园管理员', '13900000001', orchardAdmin);
    await screen(orchard, '青谷果园大屏', [orchardPark]);
  });
  await seedAlarmDemo(db, now);
  await seedIrrigationDemo(db, now);
  await seedZoneNamesDemo(db);
  await seedAutomationDemo(db, now);
  await seedProductionCoreDemo(db, now);
  await seedDeficitDemo(db);
  await seedPlotSensorsDemo(db, now);
  await seedProductionStockDemo(db, now);
  await seedCorrectedSpray(db);
  await seedTraceDemo(db, now);
  await seedTraceCodesDemo(db, now);
  await seedTreeDemo(db, now);
  return { seeded: true };
}
