import type { IClientOptions } from 'mqtt';
import { startAedes } from './aedesBroker';

export interface BrokerUnderTest {
  url: string;
  /** Makes the broker accept this device's credentials (a no-op on an anonymous broker). */
  register(serial: string, secret: string): void;
  observerOptions: IClientOptions;
  close(): Promise<void>;
}

/**
 * Brokers every MQTT suite runs against: the in-process Aedes always, and the Mosquitto that
 * scripts/test.mjs starts when it passes TEST_MQTT_URL. Deciding what could not run is that
 * script's job, so suites never skip.
 */
export const BROKERS: Array<{ name: string; start(): Promise<BrokerUnderTest> }> = [
  {
    name: 'aedes',
    async start() {
      const b = await startAedes('observer-secret');
      return {
        url: b.url,
        register: (serial, secret) => b.secrets.set(serial, secret),
        observerOptions: { clientId: `observer-${process.pid}`, username: 'observer', password: 'observer-secret' },
        close: b.close,
      };
    },
  },
  ...(process.env.TEST_MQTT_URL
    ? [
        {
          name: 'mosquitto',
          async start(): Promise<BrokerUnderTest> {
            return {
              url: process.env.TEST_MQTT_URL as string,
              register: () => {},
              observerOptions: { clientId: `observer-${process.pid}-${Date.now()}` },
              close: async () => {},
            };
          },
        },
      ]
    : []),
];
