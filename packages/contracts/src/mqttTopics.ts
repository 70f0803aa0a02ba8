/**
 * MQTT topics. Browsers may only subscribe below `web/{merchantId}/{groupId}/` of parks they may
 * see; devices only use `dev/{serial}/`. The full device protocol is in docs/DEVICES.md; what each
 * browser topic carries is in webChannels.ts.
 */
export const MQTT_WS_PATH = '/mqtt';
/** SPEC §9 client settings. */
export const MQTT_CLIENT = {
  keepalive: 60,
  connectTimeout: 30_000,
  reconnectPeriod: 10_000,
  qos: 1,
} as const;

/** Parses `web/{merchantId}/{groupId}/...`; null when the topic is not of that shape. */
export function parseWebTopic(topic: string): { merchantId: number; groupId: number } | null {
  const m = /^web\/(\d+)\/(\d+)\/.+$/.exec(topic);
  return m ? { merchantId: Number(m[1]), groupId: Number(m[2]) } : null;
}
