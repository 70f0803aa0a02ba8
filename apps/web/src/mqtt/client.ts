import { MQTT_CLIENT, MQTT_WS_PATH, type MqttConnectParam } from '@farmpark/contracts';
import type { IClientOptions } from 'mqtt';
import { topicMatches } from './topicMatch';

export type MessageHandler = (payload: unknown, topic: string) => void;

/** The part of mqtt.js's client this module uses; tests supply a fake. */
export interface MqttLike {
  connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  subscribe(topic: string, options: { qos: 0 | 1 | 2 }): unknown;
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
      for (const topic of this.handlers.keys()) client.subscribe(topic, { qos: MQTT_CLIENT.qos });
    });
    client.on('error', (err: Error) => {
      console.warn('[mqtt] error', err?.message ?? err);
      this.onStatus(false);
    });
    client.on('reconnect', () => this.onStatus(false));
    client.on('close', () => this.onStatus(false));
    client.on('offline', () => this.onStatus(false));
    client.on('message', (topic: string, payload: Uint8Array) => this.dispatch(topic, decode(payload)));
  }

  disconnect(): void {
    const client = this.client;
    this.client = null;
    if (client) client.end(true);
    this.onStatus(false);
  }

  /** Registers a handler; returns the function that removes it (and unsubscribes when it was the last). */
  subscribe(topic: string, handler: MessageHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      if (this.client?.connected) this.client.subscribe(topic, { qos: MQTT_CLIENT.qos });
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(topic);
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
