import {
  allowedClasses,
  CLASS_PERMIT_URL,
  Code,
  classAllowed,
  type DeviceClass,
  LOGIN_LIMIT,
  type Paged,
  type SendCommandResult,
  TESTING_HOLD_MS,
  type TestingDevice,
  type TestingDeviceListQuery,
  type TestingLogin,
  type TestingMessages,
  TOKEN_LIMIT,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { AttemptLimiter, RateLimitedError, SlidingWindow } from '../../http/rateLimit';
import { requirePark, scopeOf } from '../../http/scope';
import type { DeviceTap } from '../../mqtt/deviceTap';
import type { CommandActor, CommandService } from '../commands/service';
import { OFFLINE_REASON } from '../commands/service';
import { type AuthenticatedDevice, authenticateDevice } from '../devices/credentials';
import { createInstallerTokens, type InstallerGrant } from './installerTokens';
import * as repo from './repo';
import { createWatches } from './watches';

type DeviceRow = NonNullable<Awaited<ReturnType<typeof repo.findScopedDevice>>>;

/** A device without a park reads times in the server's zone (TZ_NAME). */
const toTestingDevice = (r: DeviceRow, defaultZone: string): TestingDevice => ({
  deviceId: r.id,
  serial: r.serial,
  name: r.name,
  deviceClass: r.device_class as DeviceClass,
  online: r.online === 1,
  groupId: r.group_id,
  timeZone: r.time_zone ?? defaultZone,
});

/** Never a 9xx: those would make a console on the same browser show the forced-logout dialog. */
const tokenRefused = () =>
  new ApiError(Code.PERMISSION_DENIED, {
    zh: '调试登录已失效（过期或设备密钥已更换），请重新输入设备编号和密钥',
    en: 'The debugging sign-in has ended (expired, or the device secret changed): enter the serial and secret again',
  });

/** A signed-in console caller: the session's merchant, parks and expanded grants. */
export type ConsoleCaller = CommandActor;

/**
 * Device debugging: who may watch and command which device. A console user: devices of their parks whose
 * class their role may work with (the command service checks the same again). An installer: the one device
 * whose serial and secret they gave, through a token that names nothing else.
 */
export function createTesting(deps: { db: Db; commands: CommandService; tap: DeviceTap; tzName: string }) {
  const { db } = deps;
  const toDevice = (r: DeviceRow) => toTestingDevice(r, deps.tzName);
  const watches = createWatches(deps.tap);
  const tokens = createInstallerTokens();
  const signIns = new AttemptLimiter(LOGIN_LIMIT);
  const perToken = new SlidingWindow(TOKEN_LIMIT.max, TOKEN_LIMIT.windowMs);

  async function deviceList(who: ConsoleCaller, q: TestingDeviceListQuery): Promise<Paged<TestingDevice>> {
    requirePark(who, q.groupId);
    const { rows, total } = await repo.listParkDevices(db, scopeOf(who), { ...q, classes: allowedClasses(who.grants) });
    return { list: rows.map((r) => toDevice(r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async function consoleDevice(who: ConsoleCaller, deviceId: number): Promise<DeviceRow> {
    const row = await repo.findScopedDevice(db, scopeOf(who), deviceId);
    if (!row) throw notFound(`deviceId ${deviceId}: device`);
    if (!classAllowed(who.grants, row.device_class as DeviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, {
        zh: `当前角色无权操作此类设备（${row.device_class}）`,
        en: `Your role may not work with ${row.device_class} devices`,
      });
    }
    return row;
  }

  async function feed(row: DeviceRow, startTime: number | undefined): Promise<TestingMessages> {
    const { list, dropped, since } = await watches.poll(
      { deviceId: row.id, serial: row.serial },
      startTime,
      TESTING_HOLD_MS,
    );
    return { device: toDevice(row), since, list, dropped };
  }

  /** The command service records, checks and times out a command from here like any other. */
  async function send(actor: CommandActor, deviceId: number, name: string, params: Record<string, unknown>) {
    const result: SendCommandResult = await deps.commands.send(actor, {
      deviceId,
      name,
      params,
      source: 'manual',
      sourceRef: 'testing',
    });
    if (result.state === 'failed') {
      const why = result.reason === OFFLINE_REASON ? 'the device is offline, the command was not sent' : result.reason;
      throw new ApiError(Code.DEVICE_OPERATION_FAILED, `${why} (record ${result.cmdId})`);
    }
    return result;
  }

  /** The token's device, read fresh: gone, moved to another merchant or given a new secret ends the token. */
  async function installerDevice(token: string): Promise<{ grant: InstallerGrant; row: DeviceRow }> {
    const grant = tokens.find(token);
    if (!grant) throw tokenRefused();
    if (!perToken.take(`${grant.deviceId}:${grant.expiresAt}`)) throw new ApiError(Code.RATE_LIMITED);
    const row = await repo.findTokenDevice(db, grant.merchantId, grant.deviceId);
    if (!row || row.secret_hash !== grant.secretHash) throw tokenRefused();
    return { grant, row };
  }

  return {
    deviceList,
    async messages(who: ConsoleCaller, deviceId: number, startTime?: number): Promise<TestingMessages> {
      return feed(await consoleDevice(who, deviceId), startTime);
    },
    async sendAsUser(who: ConsoleCaller, body: { deviceId: number; name: string; params: Record<string, unknown> }) {
      await consoleDevice(who, body.deviceId);
      return send(who, body.deviceId, body.name, body.params);
    },

    async signIn(body: { serial: string; password: string }, ip: string): Promise<TestingLogin> {
      // Reserved before the first await, so parallel guesses each see the others' reservations.
      const attempt = await signIns.acquire(body.serial.toLowerCase(), ip);
      if (!attempt.ok) throw new RateLimitedError(attempt.retryAfterMs);
      let who: AuthenticatedDevice | null = null;
      try {
        who = await authenticateDevice(db, body.serial, body.password);
      } catch {
        // unknown serial, no secret yet or a wrong one: one answer for all, so serials cannot be probed
      } finally {
        attempt.settle(who !== null);
      }
      const device = who ? await repo.findTokenDevice(db, who.merchantId, who.deviceId) : undefined;
      if (!device?.secret_hash) {
        throw new ApiError(Code.LOGIN_FAILED, {
          zh: '设备编号或密钥不正确',
          en: 'Wrong device serial or secret',
        });
      }
      const issued = tokens.issue({
        deviceId: device.id,
        merchantId: device.merchant_id,
        serial: device.serial,
        secretHash: device.secret_hash,
      });
      return { ...issued, device: toDevice(device) };
    },
    async installerMessages(token: string, startTime?: number): Promise<TestingMessages> {
      const { row } = await installerDevice(token);
      return feed(row, startTime);
    },
    async sendAsInstaller(token: string, body: { name: string; params: Record<string, unknown> }, ip: string) {
      const { grant, row } = await installerDevice(token);
      if (row.group_id === null) {
        throw new ApiError(Code.DEVICE_OPERATION_FAILED, {
          zh: '设备尚未分配园区，不能下发命令',
          en: 'The device is not in a park yet; commands cannot be sent to it',
        });
      }
      // An actor that can reach this one device and its class only, named after it in the operation record.
      const actor: CommandActor = {
        merchantId: grant.merchantId,
        groupIds: [row.group_id],
        grants: new Set([CLASS_PERMIT_URL[row.device_class as DeviceClass]]),
        userId: null,
        loginName: `installer ${row.serial}`,
        ip,
      };
      return send(actor, row.id, body.name, body.params);
    },
    close: () => watches.close(),
  };
}
export type Testing = ReturnType<typeof createTesting>;
