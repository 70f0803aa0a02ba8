import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { createBroker, type MqttBroker } from './broker';
import type { DeviceMessageBus } from './deviceMessages';
import { connectExternalBroker, defaultClientId, type ExternalBroker } from './externalBroker';
import type { Publish } from './publish';

export interface Messaging {
  /** The embedded broker: browsers over WebSocket always; devices over TCP unless MQTT_URL is set. */
  broker: MqttBroker;
  external: ExternalBroker | null;
  /** The ONE way the server publishes (console fan-out, commands): to the external broker when there is one. */
  publish: Publish;
  /**
   * With MQTT_URL: every console message any process published, as it comes back from the external broker
   * (rule evaluation in the owning process reads readings ingested elsewhere from here).
   */
  onWeb(listener: (topic: string, payload: Buffer) => void): void;
  close(): Promise<void>;
}

/**
 * Device messages reach the bus either from the embedded broker (devices on MQTT_PORT) or, with
 * MQTT_URL, from the external broker through a shared subscription, so several server processes split them.
 */
export async function createMessaging(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  bus: DeviceMessageBus;
}): Promise<Messaging> {
  const broker = await createBroker({ db: deps.db, log: deps.log, bus: deps.bus });
  if (!deps.config.mqttUrl) {
    return { broker, external: null, publish: broker.publish, onWeb: () => {}, close: () => broker.close() };
  }
  const listeners: ((topic: string, payload: Buffer) => void)[] = [];
  const external = connectExternalBroker({
    url: deps.config.mqttUrl,
    bus: deps.bus,
    // The server publishes console topics to the external broker only; they come back here to reach the
    // consoles on this process' WebSocket, so a console sees what any process published.
    onWeb(topic, payload) {
      broker.aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, () => {});
      for (const l of listeners) l(topic, payload);
    },
    clientId: defaultClientId(hostname(), deps.config.port),
    log: deps.log,
  });
  return {
    broker,
    external,
    publish: external.publish,
    onWeb: (listener) => listeners.push(listener),
    async close() {
      await external.close();
      await broker.close();
    },
  };
}
