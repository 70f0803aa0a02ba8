import { randomUUID } from 'node:crypto';
import {
  ackPayload,
  allowedClasses,
  COMMAND_TIMEOUT_MS,
  COMMANDS,
  Code,
  type CommandListQuery,
  type CommandPayload,
  type CommandRecord,
  type CommandSource,
  type CommandState,
  type CommandStateMessage,
  classAllowed,
  commandSchema,
  type DeviceClass,
  deviceTopic,
  issueDetails,
  type Paged,
  type SendCommandResult,
  webChannel,
} from '@farmpark/contracts';
import type { CommandRow } from '../../db/schema';
import { ApiError, invalidRequest, notFound } from '../../http/apiError';
import { requireParkIfGiven, scopeOf } from '../../http/scope';
import type { DeviceMessage } from '../../mqtt/deviceMessages';
import type { DeviceStatusDeps } from '../devices/status';
import { writeLog } from '../systemLog/service';
import * as repo from './repo';

/** Who issues a command: a signed-in user, or a program or rule acting for the merchant. */
export interface CommandActor {
  merchantId: number;
  groupIds: readonly number[];
  /** Expanded permitUrls: the class permission is checked against them. */
  grants: ReadonlySet<string>;
  userId: number | null;
  loginName: string;
  ip?: string;
}

export interface SendCommandRequest {
  deviceId: number;
  name: string;
  params: Record<string, unknown>;
  source: CommandSource;
  sourceRef?: string;
}

/** What the status tracker talks to devices with, and how long a command waits for its answer. */
export interface CommandServiceDeps extends DeviceStatusDeps {
  timeoutMs?: number;
}

export const OFFLINE_REASON = 'device offline';
const TIMEOUT_REASON = (ms: number) => `no answer from the device within ${Math.round(ms / 1000)} s`;

export class RefusedAck extends Error {}

export function toRecord(r: CommandRow): CommandRecord {
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(r.params);
  } catch {
    // stored by us as JSON; an unreadable value shows as empty rather than failing the whole record
  }
  return {
    cmdId: r.cmd_id,
    createdAt: r.created_at,
    operator: r.login_name,
    userId: r.user_id,
    source: r.source as CommandSource,
    sourceRef: r.source_ref,
    groupId: r.group_id,
    deviceId: r.device_id,
    serial: r.device_serial,
    deviceName: r.device_name,
    deviceClass: r.device_class as DeviceClass,
    name: r.name,
    params,
    state: r.state as CommandState,
    reason: r.reason,
    sentAt: r.sent_at,
    ackedAt: r.acked_at,
    responseMs: r.response_ms,
  };
}

/**
 * The one command service: every command of every class, from the console, a program or a rule,
 * goes through `send`. A row moves queued -> sent -> succeeded | failed | timedOut; each change is
 * stored, written to the system log and published on `web/{m}/{g}/cmd`.
 */
export function createCommandService(deps: CommandServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? COMMAND_TIMEOUT_MS;

  /**
   * Store first, then tell consoles and the log; a failure to notify never undoes the change. The consoles are
   * told without waiting: a console that reads slowly holds a publish until it drains (up to the broker's drain
   * timeout), and a command must not wait for a phone.
   */
  async function announce(row: CommandRow, state: CommandState, reason: string, ts: number): Promise<void> {
    if (row.group_id !== null) {
      const msg: CommandStateMessage = {
        cmdId: row.cmd_id,
        deviceId: row.device_id,
        name: row.name,
        state,
        reason,
        ts,
      };
      void deps.publish(...webChannel(row.merchant_id, row.group_id, 'cmd', msg)).catch((err: Error) => {
        deps.log?.warn({ cmdId: row.cmd_id, err: err.message }, 'command state not published');
      });
    }
    await writeLog(
      db,
      {
        merchantId: row.merchant_id,
        userId: row.user_id,
        loginName: row.login_name,
        ip: '',
        action: `command.${state}`,
        targetType: 'command',
        targetId: row.cmd_id,
        detail: `${row.device_serial} ${row.name} ${row.params}${reason ? ` - ${reason}` : ''}`,
        code: state === 'failed' || state === 'timedOut' ? Code.DEVICE_OPERATION_FAILED : Code.OK,
      },
      ts,
    );
  }

  async function send(actor: CommandActor, req: SendCommandRequest): Promise<SendCommandResult> {
    const device = await repo.findTargetDevice(db, scopeOf(actor), req.deviceId);
    if (!device) throw notFound(`deviceId ${req.deviceId}: device`);
    const deviceClass = device.device_class as DeviceClass;
    if (!classAllowed(actor.grants, deviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${deviceClass} devices`);
    }
    const schema = commandSchema(deviceClass, req.name);
    if (!schema) {
      const known = Object.keys(COMMANDS[deviceClass]);
      throw new ApiError(
        Code.VALIDATION,
        `name: ${deviceClass} has no command "${req.name}"${known.length ? `; it has ${known.join(', ')}` : '; it takes no commands'}`,
      );
    }
    const parsed = schema.safeParse(req.params);
    if (!parsed.success) throw invalidRequest(issueDetails(parsed.error.issues, 'params'));
    const params = parsed.data as Record<string, unknown>;

    const created = now();
    const row: CommandRow = {
      id: 0,
      cmd_id: randomUUID(),
      merchant_id: device.merchant_id,
      group_id: device.group_id,
      device_id: device.id,
      device_class: deviceClass,
      device_serial: device.serial,
      device_name: device.name,
      name: req.name,
      params: JSON.stringify(params),
      state: 'queued',
      reason: '',
      source: req.source,
      source_ref: req.sourceRef ?? '',
      user_id: actor.userId,
      login_name: actor.loginName,
      created_at: created,
      sent_at: null,
      acked_at: null,
      response_ms: null,
      ack_ok: null,
    };
    const { id: _id, ...insert } = row;
    await repo.insertCommand(db, insert);
    await announce(row, 'queued', '', created);

    // Waiting for an offline device would leave the operator guessing; fail now and say why.
    if (device.online !== 1) return fail(row, OFFLINE_REASON);

    // Marked sent before the publish: a quick device may answer before the publish call returns.
    const sentAt = now();
    await repo.transition(db, row.cmd_id, 'queued', { state: 'sent', sent_at: sentAt });
    const payload: CommandPayload = {
      cmdId: row.cmd_id,
      name: req.name,
      params,
      ts: sentAt,
      expiresAt: sentAt + timeoutMs,
    };
    try {
      await deps.publish(deviceTopic.cmd(device.serial), payload);
    } catch (err) {
      const reason = `not delivered to the broker: ${(err as Error).message}`;
      if (await repo.transition(db, row.cmd_id, 'sent', { state: 'failed', reason })) {
        await announce(row, 'failed', reason, now());
        return { cmdId: row.cmd_id, state: 'failed', reason };
      }
    }
    await announce(row, 'sent', '', sentAt);
    return { cmdId: row.cmd_id, state: 'sent', reason: '' };
  }

  async function fail(row: CommandRow, reason: string): Promise<SendCommandResult> {
    const at = now();
    await repo.transition(db, row.cmd_id, 'queued', { state: 'failed', reason });
    await announce(row, 'failed', reason, at);
    return { cmdId: row.cmd_id, state: 'failed', reason };
  }

  /**
   * `dev/{serial}/up/ack`. Matches the cmdId among the commands of the sending device only, so one
   * device cannot settle another's command. An ack after the timeout is recorded (when, ok, reason)
   * but the state stays timedOut: the operator was already told it failed. Resolves to the device's id.
   */
  async function handleAck(msg: DeviceMessage): Promise<number> {
    let json: unknown;
    try {
      json = JSON.parse(msg.payload.toString('utf8'));
    } catch {
      throw new RefusedAck(`${msg.serial}: ack is not JSON`);
    }
    const parsed = ackPayload.safeParse(json);
    if (!parsed.success) throw new RefusedAck(`${msg.serial}: invalid ack: ${parsed.error.issues[0]?.message}`);
    const ack = parsed.data;
    const deviceId = msg.deviceId ?? (await deps.registry.bySerial(msg.serial))?.deviceId;
    if (deviceId === undefined) throw new RefusedAck(`${msg.serial}: unknown device`);
    const row = await repo.findDeviceCommand(db, deviceId, ack.cmdId);
    if (!row) throw new RefusedAck(`${msg.serial}: no command ${ack.cmdId} for this device`);

    const at = msg.receivedAt;
    const responseMs = row.sent_at !== null ? Math.max(0, at - row.sent_at) : null;
    const state: CommandState = ack.ok ? 'succeeded' : 'failed';
    const reason = ack.ok ? '' : (ack.reason ?? 'failed without a reason');
    const settled = await repo.transition(db, row.cmd_id, 'sent', {
      state,
      reason,
      acked_at: at,
      response_ms: responseMs,
      ack_ok: ack.ok ? 1 : 0,
    });
    if (settled) {
      await announce(row, state, reason, at);
      return deviceId;
    }
    const current = await repo.findDeviceCommand(db, deviceId, ack.cmdId);
    if (current?.state === 'timedOut' && current.acked_at === null) {
      const late = `${current.reason}; late answer after ${((responseMs ?? 0) / 1000).toFixed(1)} s: ${ack.ok ? 'ok' : `failed: ${reason}`}`;
      await repo.transition(db, row.cmd_id, 'timedOut', {
        acked_at: at,
        response_ms: responseMs,
        ack_ok: ack.ok ? 1 : 0,
        reason: late.slice(0, 500),
      });
    }
    // Anything else is a repeated ack of a settled command: already recorded, nothing to change.
    return deviceId;
  }

  /** Gives up on commands without an answer; works from the database, so it survives a restart. */
  async function expire(): Promise<number> {
    const t = now();
    let n = 0;
    for (const row of await repo.stale(db, 'sent', t - timeoutMs)) {
      const reason = TIMEOUT_REASON(timeoutMs);
      if (await repo.transition(db, row.cmd_id, 'sent', { state: 'timedOut', reason })) {
        await announce(row, 'timedOut', reason, t);
        n++;
      }
    }
    // A command left queued means the server stopped between storing and sending it.
    for (const row of await repo.stale(db, 'queued', t - timeoutMs)) {
      const reason = 'not sent: the server stopped before sending it';
      if (await repo.transition(db, row.cmd_id, 'queued', { state: 'failed', reason })) {
        await announce(row, 'failed', reason, t);
        n++;
      }
    }
    return n;
  }

  function filterOf(actor: CommandActor, q: CommandListQuery): repo.CommandFilter {
    requireParkIfGiven(actor, q.groupId);
    if (q.deviceClass !== undefined && !classAllowed(actor.grants, q.deviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, `You may not see ${q.deviceClass} operation records`);
    }
    return { ...q, classes: allowedClasses(actor.grants) };
  }

  async function list(actor: CommandActor, q: CommandListQuery): Promise<Paged<CommandRecord>> {
    const { rows, total } = await repo.listCommands(db, scopeOf(actor), filterOf(actor, q), q);
    return { list: rows.map(toRecord), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async function detail(actor: CommandActor, cmdId: string): Promise<CommandRecord> {
    const row = await repo.findCommand(db, scopeOf(actor), cmdId);
    if (!row || !classAllowed(actor.grants, row.device_class as DeviceClass)) throw notFound(`cmdId ${cmdId}: command`);
    return toRecord(row);
  }

  /**
   * Every matching record, newest first, a page at a time (for streaming exports). The filter is
   * checked here, before anything is streamed, so a refusal is still an ordinary error response.
   */
  function exportRecords(actor: CommandActor, q: CommandListQuery, pageSize = 500): AsyncGenerator<CommandRecord[]> {
    const filter = filterOf(actor, q);
    return (async function* () {
      for await (const rows of repo.exportPages(db, scopeOf(actor), filter, pageSize)) yield rows.map(toRecord);
    })();
  }

  return { send, handleAck, expire, list, detail, exportRecords };
}

export type CommandService = ReturnType<typeof createCommandService>;
