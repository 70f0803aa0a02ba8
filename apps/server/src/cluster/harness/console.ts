import type { MqttConnectParam } from '@farmpark/contracts';
import mqtt from 'mqtt';
import { api } from './servers';

/** A console session as the web's live door opens it: the process' /mqtt WebSocket, the park's web topics. */
export async function openConsole(port: number, token: string, merchantId: number, groupId: number) {
  const param = await api(port, token).get<MqttConnectParam>('/api/merchant/mqtt/getConnectParam');
  const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
    username: param.username,
    password: param.password,
    clientId: `${param.username}_cluster${Math.floor(Math.random() * 1e6)}`,
    reconnectPeriod: 0,
  });
  /** Arrival time of every telemetry reading received, by device id. */
  const received: { at: number; deviceId: number; ts: number }[] = [];
  client.on('message', (_topic, payload) => {
    const msg = JSON.parse(payload.toString('utf8')) as { readings: { deviceId: number; ts: number }[] };
    for (const r of msg.readings) received.push({ at: Date.now(), deviceId: r.deviceId, ts: r.ts });
  });
  await client.subscribeAsync(`web/${merchantId}/${groupId}/telemetry`, { qos: 0 });
  return { received, close: () => client.endAsync() };
}
