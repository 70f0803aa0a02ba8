import { randomBytes } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { type DeviceMessageBus, dispatchUpPublish } from './deviceMessages';
import type { Publish } from './publish';

/** Every server process joins this group; the broker hands each device message to one member. */
export const SHARE_GROUP = 'farmpark';
/**
 * What a process' persistent session shares: telemetry, events and status wait in a restarting process' queue
 * and are stored when it is back (none is lost). Acknowledgements are not among them (ACK_TOPIC).
 */
export const sharedDeviceSubscriptions = (group = SHARE_GROUP) =>
  (['telemetry', 'event', 'status'] as const).map((channel) => `$share/${group}/dev/+/up/${channel}`);
/**
 * Acknowledgements go through a second, clean session: a command waits at most COMMAND_TIMEOUT_MS for its
 * answer, and a broker keeps handing a shared subscription's messages to a member whose persistent session is
 * offline (Mosquitto does), so an answer could sit in a restarting process' queue past its command's timeout.
 * A clean session's subscription ends with its connection, so answers go to the processes that are up. An
 * answer sent while no process is up is lost; its command times out, as it does for an answer lost on the way.
 */
const ACK_TOPIC = (group = SHARE_GROUP) => `$share/${group}/dev/+/up/ack`;
/** What the server publishes for consoles: every process relays all of it to the consoles connected to it. */
const WEB_TOPICS = ['web/#', 'user/#'];
const isWebTopic = (topic: string) => topic.startsWith('web/') || topic.startsWith('user/');
const KEEPALIVE_S = 30;
const RECONNECT_MS = 1000;
export interface ExternalBroker {
  publish: Publish;
  /** Resolves once connected and subscribed (the first time). */
  ready: Promise<void>;
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface ExternalBrokerOptions {
  url: string;
  bus: DeviceMessageBus;
  /** Stable per server process, so the broker keeps the session's queue across a restart. */
  clientId: string;
  /**
   * Default true: the broker keeps this client's queue (and its share of the shared subscription) while the
   * process restarts under the same client id. A slot retired for good leaves a session that keeps taking its
   * share: give the broker a session expiry (Mosquitto `persistent_client_expiration`). Tests pass false.
   */
  persistentSession?: boolean;
  /** Share group name; tests that share one broker use their own so they do not split each other's messages. */
  shareGroup?: string;
  /**
   * Several processes: every process also reads all of `web/#` and `user/#` (not shared), whichever process
   * published it, and hands it here for its own consoles (docs/OPERATIONS.md, "Live data across processes").
   */
  onWeb?: (topic: string, payload: Buffer) => void;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/**
 * A small MQTT 3.1.1 client for the external broker. Written on mqtt-packet rather than mqtt.js because
 * mqtt.js handles incoming publishes one at a time (the next waits for the previous PUBACK): with the
 * PUBACK held until commit, that is one message per commit. Here every publish is dispatched at once
 * and each PUBACK goes out when its own dispatch resolves; the broker's in-flight window bounds the rest.
 * Two sessions: the process' own (persistent; device data, console topics, and what the process publishes)
 * and one for acknowledgements (clean; ACK_TOPIC says why).
 */
export function connectExternalBroker(opts: ExternalBrokerOptions): ExternalBroker {
  const url = new URL(opts.url);
  const tls = url.protocol === 'mqtts:';
  if (url.protocol !== 'mqtt:' && !tls) throw new Error(`MQTT_URL: unsupported protocol ${url.protocol}`);
  const endpoint = { host: url.hostname, port: Number(url.port || (tls ? 8883 : 1883)), tls, url };

  const onPublish = (p: mqttPacket.IPublishPacket, puback: () => void) => {
    if (opts.onWeb && isWebTopic(p.topic)) {
      opts.onWeb(p.topic, Buffer.isBuffer(p.payload) ? p.payload : Buffer.from(p.payload));
      puback();
      return;
    }
    // PUBACK once stored: after a reconnect the broker resends what was not acknowledged, and dispatch ignores
    // duplicates
    void dispatchUpPublish(opts.bus, p.topic, p.payload).then(puback);
  };
  const main = openSession(endpoint, opts, {
    clientId: opts.clientId,
    clean: opts.persistentSession === false,
    subscriptions: [
      ...sharedDeviceSubscriptions(opts.shareGroup).map((topic) => ({ topic, qos: 1 as const })),
      // QoS 0: live data is not queued in this process' session while it is down, where it would
      // crowd out the device messages the broker keeps for it (Mosquitto's max_queued_messages).
      ...(opts.onWeb ? WEB_TOPICS.map((topic) => ({ topic, qos: 0 as const })) : []),
    ],
    onPublish,
  });
  const answers = openSession(endpoint, opts, {
    clientId: `${opts.clientId.slice(0, 59)}-acks`,
    clean: true,
    subscriptions: [{ topic: ACK_TOPIC(opts.shareGroup), qos: 1 }],
    onPublish,
  });

  return {
    ready: Promise.all([main.ready, answers.ready]).then(() => undefined),
    get connected() {
      return main.connected && answers.connected;
    },
    publish: (topic, payload) =>
      main.publish(topic, Buffer.from(JSON.stringify(payload))).then(() => {
        opts.bus.tap?.down(topic, payload); // commands reach a watching /testing page
      }),
    async close() {
      await Promise.all([main.close(), answers.close()]);
    },
  };
}

interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
  url: URL;
}
interface SessionOptions {
  clientId: string;
  clean: boolean;
  subscriptions: { topic: string; qos: 0 | 1 }[];
  /** A publish from the broker; `puback` answers it (QoS 1) on the connection it came by, if still open. */
  onPublish(p: mqttPacket.IPublishPacket, puback: () => void): void;
}

/** One MQTT session to the broker, connected again a second after it drops. */
function openSession(at: Endpoint, opts: ExternalBrokerOptions, session: SessionOptions) {
  const { url } = at;
  let socket: Socket | null = null;
  let connected = false;
  let closing = false;
  let nextId = 1;
  const acks = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let markReady: () => void;
  const ready = new Promise<void>((r) => {
    markReady = r;
  });

  const send = (packet: Packet) => {
    if (socket && !socket.destroyed) socket.write(mqttPacket.generate(packet));
  };
  const takeId = () => {
    do nextId = nextId >= 65535 ? 1 : nextId + 1;
    while (acks.has(nextId));
    return nextId;
  };

  function open() {
    const s = at.tls
      ? tlsConnect({ host: at.host, port: at.port, servername: at.host })
      : netConnect({ host: at.host, port: at.port });
    socket = s;
    const parser = mqttPacket.parser();
    let ping: NodeJS.Timeout | null = null;
    let subscribeId = 0;

    s.on(at.tls ? 'secureConnect' : 'connect', () => {
      send({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: session.clientId,
        clean: session.clean,
        keepalive: KEEPALIVE_S,
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.password ? { password: Buffer.from(decodeURIComponent(url.password)) } : {}),
      });
    });
    s.on('data', (buf) => parser.parse(buf));
    parser.on('packet', (p: Packet) => {
      switch (p.cmd) {
        case 'connack':
          if (p.returnCode !== 0) {
            opts.log?.warn({ returnCode: p.returnCode }, 'external MQTT broker refused the connection');
            s.destroy();
            return;
          }
          subscribeId = takeId();
          send({ cmd: 'subscribe', messageId: subscribeId, subscriptions: session.subscriptions });
          ping = setInterval(() => send({ cmd: 'pingreq' }), (KEEPALIVE_S * 1000) / 2);
          ping.unref();
          return;
        case 'suback':
          if (p.messageId === subscribeId) {
            connected = true;
            opts.log?.info(
              { url: `${url.protocol}//${at.host}:${at.port}`, clientId: session.clientId },
              'external MQTT broker connected',
            );
            markReady();
          }
          return;
        case 'publish': {
          const { qos, messageId } = p;
          session.onPublish(p, () => {
            if (qos > 0 && socket === s) send({ cmd: 'puback', messageId });
          });
          return;
        }
        case 'puback': {
          const a = p.messageId !== undefined ? acks.get(p.messageId) : undefined;
          if (a && p.messageId !== undefined) {
            acks.delete(p.messageId);
            a.resolve();
          }
          return;
        }
        default:
          return;
      }
    });
    parser.on('error', (err) => {
      opts.log?.warn({ err: err.message }, 'external MQTT broker sent a malformed packet');
      s.destroy();
    });
    s.on('error', (err) => opts.log?.warn({ err: err.message }, 'external MQTT broker connection error'));
    s.on('close', () => {
      if (ping) clearInterval(ping);
      connected = false;
      for (const a of acks.values()) a.reject(new Error('external MQTT broker connection lost'));
      acks.clear();
      if (!closing) setTimeout(open, RECONNECT_MS).unref();
    });
  }
  open();

  return {
    ready,
    get connected() {
      return connected;
    },
    publish: (topic: string, payload: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (!connected) return reject(new Error('external MQTT broker not connected'));
        const messageId = takeId();
        acks.set(messageId, { resolve, reject });
        send({ cmd: 'publish', topic, payload, qos: 1, messageId, retain: false, dup: false });
      }),
    async close() {
      closing = true;
      const s = socket;
      if (!s || s.destroyed) return;
      send({ cmd: 'disconnect' });
      await new Promise<void>((r) => {
        s.once('close', () => r());
        s.end();
        setTimeout(() => s.destroy(), 1000).unref();
      });
    },
  };
}

/** A client id that is stable for one server process slot, unique among slots. */
export function defaultClientId(hostname: string, port: number): string {
  return (
    `farmpark-${hostname}-${port}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) ||
    `farmpark-${randomBytes(4).toString('hex')}`
  );
}
