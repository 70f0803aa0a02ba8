import { MQTT_CLIENT, MQTT_WS_PATH, type MqttConnectParam } from '@farmpark/contracts';
import type { IClientOptions } from 'mqtt';
import { topicMatches } from './topicMatch';

export type MessageHandler = (payload: unknown, topic: string) => void;

/**
 * Called each time the broker confirms a topic's subscription on a connection: the first time and after
 * every reconnect. Whatever happened before that moment came by no message, so a view that keeps a list
 * current from messages reloads it here (the alarm raised while the page loaded, or while offline).
 */
export type LiveHandler = () => void;

/** The part of mqtt.js's client this module uses; tests supply a fake. */
export interface MqttLike {
  connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  subscribe(topic: string, options: { qos: 0 | 1 | 2 }, callback?: (err: Error | null) => void): unknown;
  unsubscribe(topic: string): unknown;
  publish(topic: string, payload: string, options: { qos: 0 | 1 | 2 }): unknown;
  end(force?: boolean): unknown;
}

export type ConnectFn = (url: string, options: IClientOptions) => MqttLike;

export const brokerUrl = (p: MqttConnectParam): string => `${p.mqttUrl}:${p.port}${MQTT_WS_PATH}`;

const randomClientId = () =>
  `web_${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

function decode(payload: Uint8Array | string): unknown {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The ONE messaging client (SPEC §3, §4, §9). Pages register topic handlers; the client keeps the
 * subscriptions across reconnects and reports its status. Errors are only logged (SPEC §8).
 */
export class MessagingClient {
  private client: MqttLike | null = null;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly liveHandlers = new Map<string, Set<LiveHandler>>();
  /** Topics the broker has confirmed on the current connection. */
  private readonly live = new Set<string>();

  constructor(
    private readonly loadConnect: () => Promise<ConnectFn>,
    private readonly onStatus: (connected: boolean) => void,
  ) {}

  get active(): boolean {
    return this.client !== null;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async connect(param: MqttConnectParam): Promise<void> {
    if (this.client) return;
    const connect = await this.loadConnect();
    if (this.client) return; // a concurrent call won the race while the library loaded
    const client = connect(brokerUrl(param), {
      clientId: `${param.username}_${randomClientId()}`, // the broker binds client ids to their user (u{userId}_...)
      username: param.username,
      password: param.password,
      keepalive: MQTT_CLIENT.keepalive,
      connectTimeout: MQTT_CLIENT.connectTimeout,
      reconnectPeriod: MQTT_CLIENT.reconnectPeriod,
      resubscribe: true,
      clean: true,
    });
    this.client = client;
    client.on('connect', () => {
      this.onStatus(true);
      for (const topic of this.handlers.keys()) this.subscribeOnBroker(client, topic);
    });
    client.on('error', (err: Error) => {
      console.warn('[mqtt] error', err?.message ?? err);
      this.down();
    });
    client.on('reconnect', () => this.down());
    client.on('close', () => this.down());
    client.on('offline', () => this.down());
    client.on('message', (topic: string, payload: Uint8Array) => this.dispatch(topic, decode(payload)));
  }

  disconnect(): void {
    const client = this.client;
    this.client = null;
    if (client) client.end(true);
    this.down();
  }

  private down(): void {
    this.live.clear();
    this.onStatus(false);
  }

  private subscribeOnBroker(client: MqttLike, topic: string): void {
    client.subscribe(topic, { qos: MQTT_CLIENT.qos }, (err) => {
      if (err) {
        console.warn('[mqtt] subscription refused for', topic, err.message);
        return;
      }
      // a late answer for a connection or a topic given up since is not news
      if (this.client !== client || !client.connected || !this.handlers.has(topic)) return;
      this.live.add(topic);
      for (const onLive of this.liveHandlers.get(topic) ?? []) {
        try {
          onLive();
        } catch (e) {
          console.error('[mqtt] live handler failed for', topic, e);
        }
      }
    });
  }

  /**
   * Registers a handler, and optionally an `onLive` called each time the broker confirms the subscription
   * (not at once when it is already live: messages from now on reach the handler). Returns the function
   * that removes both (and unsubscribes when it was the last).
   */
  subscribe(topic: string, handler: MessageHandler, onLive?: LiveHandler): () => void {
    let set = this.handlers.get(topic);
    const fresh = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    if (onLive) {
      const lives = this.liveHandlers.get(topic) ?? new Set();
      lives.add(onLive);
      this.liveHandlers.set(topic, lives);
    }
    if (fresh && this.client?.connected) this.subscribeOnBroker(this.client, topic);
    return () => {
      if (onLive) this.liveHandlers.get(topic)?.delete(onLive);
      const current = this.handlers.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(topic);
        this.liveHandlers.delete(topic);
        this.live.delete(topic);
        if (this.client?.connected) this.client.unsubscribe(topic);
      }
    };
  }

  /** SPEC §5, §8: publishing only happens while connected; otherwise it is logged and nothing is sent. */
  publish(topic: string, payload: unknown): boolean {
    if (!this.client?.connected) {
      console.warn(`[mqtt] not connected, message to ${topic} not sent`);
      return false;
    }
    this.client.publish(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: MQTT_CLIENT.qos,
    });
    return true;
  }

  private dispatch(topic: string, payload: unknown): void {
    for (const [filter, set] of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of set) {
        try {
          handler(payload, topic);
        } catch (err) {
          console.error('[mqtt] handler failed for', topic, err);
        }
      }
    }
  }
}
