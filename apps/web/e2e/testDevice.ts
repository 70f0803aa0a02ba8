import { type DeviceClass, type DeviceWithSecret, deviceTopic } from '@farmpark/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import { api } from './session';

/**
 * A device of the test's own, registered in a demo park and connected to the broker with its secret.
 * Tests publish through it instead of borrowing a demo device: another file may have renewed a demo
 * device's secret (monitoring.e2e does), which silences the demo's simulated one for the rest of the run.
 * `remove()` takes it away again so the files after see the demo as it was.
 */
export interface TestDevice {
  deviceId: number;
  serial: string;
  /** Connects (once) when added with `online: false`; publishing connects too. */
  connect(): Promise<void>;
  publish(values: Record<string, number>): Promise<void>;
  remove(): Promise<void>;
}

export async function addTestDevice(
  token: string,
  d: { serial: string; deviceClass: DeviceClass; deviceName: string; groupId: number },
  opts: { online?: boolean } = {},
): Promise<TestDevice> {
  const added = await api<DeviceWithSecret>('/api/merchant/device/addDevice', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(d),
  });
  if (added.code !== 0) throw new Error(`addDevice ${d.serial}: ${added.msg}`);
  const deviceId = added.data.device.deviceId;
  let client: MqttClient | null = null;
  const connect = async () => {
    client ??= await mqtt.connectAsync(`mqtt://127.0.0.1:${inject('mqttPort')}`, {
      username: d.serial,
      password: added.data.secret,
      clientId: `${d.serial}-e2e`,
    });
  };
  if (opts.online !== false) await connect();
  return {
    deviceId,
    serial: d.serial,
    connect,
    async publish(values) {
      await connect();
      const msg = { readings: [{ ts: Date.now(), values }] };
      await client?.publishAsync(deviceTopic.telemetry(d.serial), JSON.stringify(msg), { qos: 1 });
    },
    async remove() {
      await client?.endAsync().catch(() => undefined);
      await api('/api/merchant/device/removeDevice', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: [deviceId] }),
      });
    },
  };
}
