import { EventEmitter } from 'node:events';
import {
  type AckPayload,
  type CommandPayload,
  commandPayload,
  commandSchema,
  type DeviceClass,
  deviceTopic,
  type EventPayload,
  MQTT_CLIENT,
  type StatusPayload,
  type TelemetryPayload,
} from '@farmpark/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { z } from 'zod';
import { type Behaviour, CommandRefused, type ZoneClog } from './behaviour';
import { createBehaviour } from './models';
import { type Place, placeOf } from './models/place';
import {
  DEFAULT_LOCATION,
  defaultModel,
  describeZodError,
  deviceCredentials,
  deviceIdentity,
  parseOrThrow,
} from './options';
import { hash01, hashSeed, mulberry32 } from './random';
import { toReadingValues } from './readings';
import { resolutionFor, Ticker, type TickMember } from './ticker';
import { expectedCatch, renderTrapPhoto, trapDetections, uploadTrapPhoto } from './trapPhotos';

export const FIRMWARE = 'farmpark-sim/0.1.0';

export const deviceOptions = z.intersection(
  z.intersection(deviceCredentials, deviceIdentity),
  z.object({
    brokerUrl: z.string().regex(/^(mqtts?|wss?|tcp):\/\/.+/, 'must be an mqtt://, mqtts://, ws:// or wss:// URL'),
    telemetryIntervalMs: z.number().int().min(50).max(86_400_000).default(10_000),
    /** Clock for timestamps and command expiry (tests shift it); timers still run in real time. */
    now: z.custom<() => number>((v) => typeof v === 'function', 'must be a function').optional(),
    /** The simulated world's time, which the physics follows (a SimClock a test moves ahead); default `now`. */
    simNow: z.custom<() => number>((v) => typeof v === 'function', 'must be a function').optional(),
    /** Range of the delay before a command is acknowledged, as a real controller takes to act. */
    ackDelayMs: z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([a, b]) => a <= b, 'min must not exceed max')
      .default([100, 800]),
    reconnectPeriodMs: z.number().int().min(100).default(3000),
    /** The server's HTTP base URL: traps upload their photos and detections there (docs/DEVICES.md). */
    httpUrl: z
      .string()
      .regex(/^https?:\/\/.+/, 'must be an http:// or https:// URL')
      .optional(),
  }),
);
export type DeviceOptions = z.input<typeof deviceOptions>;

export interface PublishedMessage {
  topic: string;
  payload: TelemetryPayload | StatusPayload | EventPayload | AckPayload;
}

/** Results of recent commands by cmdId: a redelivered command is answered again, not re-executed. */
const RECENT_COMMANDS = 64;

/**
 * A simulated device on a real MQTT connection. Events: 'connect', 'command' (CommandPayload),
 * 'ack' (AckPayload), 'published' (PublishedMessage), 'connectionError' (Error).
 */
export class VirtualDevice extends EventEmitter implements TickMember {
  readonly serial: string;
  readonly deviceClass: DeviceClass;
  readonly model: string;
  readonly intervalMs: number;
  nextAt: number;

  private readonly opts: z.output<typeof deviceOptions>;
  private readonly behaviour: Behaviour;
  private readonly now: () => number;
  private readonly simNow: () => number;
  private readonly ackRandom: () => number;
  private client: MqttClient | null = null;
  private readonly ticker: Ticker;
  private values: Record<string, number> = {};
  private faultReason: string | null = null;
  private silenced = false;
  private readonly recent = new Map<string, AckPayload>();
  private readonly place: Place;
  private lastPhotoAt: number | null = null;

  constructor(options: DeviceOptions, ticker?: Ticker) {
    super();
    const o = parseOrThrow(deviceOptions, options, 'device options');
    this.opts = o;
    this.serial = o.serial;
    this.deviceClass = o.deviceClass;
    this.model = o.model ?? defaultModel(o.deviceClass);
    this.intervalMs = o.telemetryIntervalMs;
    this.now = o.now ?? Date.now;
    this.simNow = o.simNow ?? this.now;
    const seed = o.seed ?? hashSeed(o.serial);
    this.ackRandom = mulberry32(seed ^ 0xac4);
    this.place = placeOf(o.lat ?? DEFAULT_LOCATION.lat, o.lon ?? DEFAULT_LOCATION.lon, o.tzOffsetMin);
    this.behaviour = createBehaviour(
      {
        deviceClass: o.deviceClass,
        model: this.model,
        seed,
        place: this.place,
      },
      this.simTs(),
    );
    this.values = toReadingValues(this.deviceClass, this.behaviour.sample());
    this.ticker = ticker ?? new Ticker(resolutionFor(this.intervalMs));
    // Spread a fleet's publications over the interval instead of all at once.
    this.nextAt = Date.now() + Math.floor(hash01(seed, 99) * this.intervalMs);
  }

  /** Latest values, as last published (or sampled at creation). */
  get state(): Readonly<Record<string, number>> {
    return this.values;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get fault(): string | null {
    return this.faultReason;
  }

  get isSilenced(): boolean {
    return this.silenced;
  }

  /** Water (mm) reaching this device's soil, e.g. from a simulated irrigation run. */
  irrigate(mm: number): void {
    this.behaviour.irrigate(mm);
  }

  /** Extra water loss from this device's topsoil (mm per hour); 0 for none. */
  setDrying(mmPerHour: number): void {
    this.behaviour.setDrying(mmPerHour);
  }

  /**
   * Zone `zone`'s line clogs from now on (null: it is flushed clean): a machine with a flow meter passes less
   * water to it, and more is lost as the clog grows with the simulated clock.
   */
  clogZone(zone: number, clog: ZoneClog | null): void {
    this.behaviour.advance(this.simTs());
    this.behaviour.clogZone(zone, clog);
  }

  /** m³ this device delivered to each of its zones since the last call (advances its physics first). */
  takeZoneWater(): Record<number, number> {
    this.behaviour.advance(this.simTs());
    return this.behaviour.takeZoneWater();
  }

  /** Connects (resolves on the first CONNACK, rejects if the broker refuses) and starts publishing. */
  start(): Promise<void> {
    if (this.client) return Promise.resolve();
    const serial = this.serial;
    const client = mqtt.connect(this.opts.brokerUrl, {
      clientId: serial,
      username: serial,
      password: this.opts.secret,
      clean: true,
      keepalive: MQTT_CLIENT.keepalive,
      connectTimeout: MQTT_CLIENT.connectTimeout,
      reconnectPeriod: this.opts.reconnectPeriodMs,
      will: this.will(),
    });
    this.client = client;
    client.on('message', (topic, buf) => {
      if (topic === deviceTopic.cmd(serial)) void this.onCommand(buf);
    });
    client.on('reconnect', () => {
      // The will is sent with CONNECT, so refresh its timestamp for each attempt.
      client.options.will = this.will();
    });
    return new Promise<void>((resolve, reject) => {
      let first = true;
      client.on('connect', () => {
        void this.onConnect(client).then(
          () => {
            if (first) {
              first = false;
              this.ticker.add(this);
              resolve();
            }
            this.emit('connect');
          },
          (err: Error) => {
            if (!first) {
              this.emit('connectionError', err);
              return;
            }
            // Connected but refused its subscription or first publish (ACL): starting failed.
            first = false;
            this.client = null;
            client.end(true);
            reject(new Error(`${serial}: ${err.message}`));
          },
        );
      });
      client.on('error', (err) => {
        if (first) {
          first = false;
          this.client = null;
          client.end(true);
          reject(new Error(`${serial}: ${err.message}`));
          return;
        }
        this.emit('connectionError', err);
      });
    });
  }

  /** Clean shutdown: says offline (retained), then disconnects, so the last will is not fired. */
  async stop(): Promise<void> {
    const client = this.client;
    this.detach();
    if (!client) return;
    if (client.connected) {
      const status: StatusPayload = { online: false, ts: this.ts(), firmware: FIRMWARE };
      await this.publishOn(client, deviceTopic.status(this.serial), status, true).catch(() => {});
    }
    await client.endAsync();
  }

  /** Drops the TCP connection without DISCONNECT, as a power cut would: the broker fires the last will. */
  crash(): void {
    const client = this.client;
    this.detach();
    client?.end(true);
  }

  /** With a reason, every command fails with it (as a controller reports "pump overload"); null clears it. */
  setFault(reason: string | null): void {
    if (reason !== null && (typeof reason !== 'string' || reason.trim() === '' || reason.length > 500)) {
      throw new TypeError('setFault: reason must be a non-empty text of at most 500 characters, or null');
    }
    const before = this.faultReason;
    this.faultReason = reason;
    this.behaviour.setFault(reason);
    if (reason !== before) {
      const event = reason ? { type: 'fault', data: { reason } } : { type: 'faultCleared', data: { reason: before } };
      void this.publishEvent(event.type, event.data).catch(() => {});
    }
  }

  /** Keeps the connection but publishes nothing and obeys nothing: a hung device the server must notice. */
  silence(on: boolean): void {
    this.silenced = on;
  }

  /** Takes a reading now and publishes it (and any events it raised). */
  async publishNow(): Promise<void> {
    this.behaviour.advance(this.simTs());
    const values = toReadingValues(this.deviceClass, this.behaviour.sample());
    this.values = values;
    const events = this.behaviour.takeEvents();
    if (this.silenced || !this.client) return;
    const ts = this.ts();
    const jobs: Promise<void>[] = [];
    if (Object.keys(values).length > 0) {
      const payload: TelemetryPayload = { readings: [{ ts, values }] };
      jobs.push(this.publish(deviceTopic.telemetry(this.serial), payload));
    }
    for (const e of events) {
      jobs.push(this.publishEvent(e.type, e.data));
      if (e.type === 'photo') jobs.push(this.sendPhoto(Number(e.data.takenAt) || ts));
    }
    await Promise.all(jobs);
  }

  /**
   * A trap's camera: draws what the tray (or slide) holds since the previous photo, uploads it over
   * HTTP and reports the detections. Without `httpUrl` only the photo event is published.
   */
  private async sendPhoto(takenAt: number): Promise<void> {
    const kind = this.deviceClass === 'insectTrap' ? 'insect' : this.deviceClass === 'sporeTrap' ? 'spore' : null;
    if (!kind || !this.opts.httpUrl) return;
    const minutes = Math.max(5, Math.min(24 * 60, (takenAt - (this.lastPhotoAt ?? takenAt - 3_600_000)) / 60_000));
    this.lastPhotoAt = takenAt;
    const seed = hashSeed(this.serial, takenAt);
    const detections = trapDetections(kind, expectedCatch(kind, takenAt, this.place, minutes), seed);
    const jpeg = await renderTrapPhoto(kind, detections, seed);
    try {
      await uploadTrapPhoto(
        this.opts.httpUrl,
        { serial: this.serial, secret: this.opts.secret },
        { takenAt, jpeg, detections },
      );
    } catch (err) {
      this.emit('connectionError', err as Error);
    }
  }

  tick(): void {
    void this.publishNow().catch((err: Error) => this.emit('connectionError', err));
  }

  private ts(): number {
    return Math.round(this.now());
  }

  private simTs(): number {
    return Math.round(this.simNow());
  }

  private will() {
    const payload: StatusPayload = { online: false, ts: this.ts() };
    return {
      topic: deviceTopic.status(this.serial),
      payload: Buffer.from(JSON.stringify(payload)),
      qos: 1 as const,
      retain: true,
    };
  }

  private detach(): void {
    this.ticker.remove(this);
    this.client = null;
  }

  private async onConnect(client: MqttClient): Promise<void> {
    await client.subscribeAsync(deviceTopic.cmd(this.serial), { qos: 1 });
    const status: StatusPayload = { online: true, ts: this.ts(), firmware: FIRMWARE };
    await this.publishOn(client, deviceTopic.status(this.serial), status, true);
    await this.publishNow();
  }

  private publishEvent(type: string, data: Record<string, unknown>): Promise<void> {
    if (this.silenced || !this.client) return Promise.resolve();
    const payload: EventPayload = { ts: this.ts(), type, data };
    return this.publish(deviceTopic.event(this.serial), payload);
  }

  private publish(topic: string, payload: PublishedMessage['payload']): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    return this.publishOn(client, topic, payload, false);
  }

  private async publishOn(
    client: MqttClient,
    topic: string,
    payload: PublishedMessage['payload'],
    retain: boolean,
  ): Promise<void> {
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
    this.emit('published', { topic, payload } satisfies PublishedMessage);
  }

  private async onCommand(buf: Buffer): Promise<void> {
    if (this.silenced) return;
    let json: unknown;
    try {
      json = JSON.parse(buf.toString('utf8'));
    } catch {
      this.emit('connectionError', new Error(`${this.serial}: command is not JSON`));
      return;
    }
    const parsed = commandPayload.safeParse(json);
    if (!parsed.success) {
      const cmdId = (json as { cmdId?: unknown } | null)?.cmdId;
      if (typeof cmdId === 'string' && cmdId.length > 0 && cmdId.length <= 64) {
        await this.sendAck({
          cmdId,
          ok: false,
          reason: `invalid command: ${describeZodError(parsed.error)}`,
          ts: this.ts(),
        });
      }
      return;
    }
    const cmd = parsed.data;
    this.emit('command', cmd);
    const repeated = this.recent.get(cmd.cmdId);
    if (repeated) {
      await this.sendAck(repeated);
      return;
    }
    const outcome = this.execute(cmd);
    await delay(this.ackDelay());
    const ack: AckPayload = { cmdId: cmd.cmdId, ts: this.ts(), ...outcome };
    this.remember(ack);
    await this.sendAck(ack);
    if (ack.ok) await this.publishNow();
  }

  /** Decides and applies a command at once; the answer goes out after the device's reaction time. */
  private execute(cmd: CommandPayload): Pick<AckPayload, 'ok' | 'reason' | 'state'> {
    if (this.ts() > cmd.expiresAt) return { ok: false, reason: 'expired' };
    if (this.faultReason) return { ok: false, reason: this.faultReason };
    const schema = commandSchema(this.deviceClass, cmd.name);
    if (!schema) return { ok: false, reason: `unknown command "${cmd.name}" for ${this.deviceClass}` };
    const params = schema.safeParse(cmd.params);
    if (!params.success) return { ok: false, reason: `invalid params: ${describeZodError(params.error)}` };
    this.behaviour.advance(this.simTs());
    try {
      const result = this.behaviour.command(cmd.name, params.data as Record<string, unknown>);
      return { ok: true, state: toReadingValues(this.deviceClass, result.state) };
    } catch (err) {
      if (err instanceof CommandRefused) return { ok: false, reason: err.message };
      throw err;
    }
  }

  private async sendAck(ack: AckPayload): Promise<void> {
    await this.publish(deviceTopic.ack(this.serial), ack);
    this.emit('ack', ack);
  }

  private remember(ack: AckPayload): void {
    this.recent.set(ack.cmdId, ack);
    if (this.recent.size > RECENT_COMMANDS) this.recent.delete(this.recent.keys().next().value as string);
  }

  private ackDelay(): number {
    const [min, max] = this.opts.ackDelayMs;
    return min + Math.floor(this.ackRandom() * (max - min + 1));
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createDevice(options: DeviceOptions): VirtualDevice {
  return new VirtualDevice(options);
}
