/**
 * MQTT topics. Browsers may only subscribe below `web/{merchantId}/{groupId}/` of parks they may
 * see; devices only use `dev/{serial}/`. The full device protocol is in docs/DEVICES.md.
 */
export const MQTT_WS_PATH = '/mqtt';
/** SPEC §9 client settings. */
export const MQTT_CLIENT = {
  keepalive: 60,
  connectTimeout: 30_000,
  reconnectPeriod: 10_000,
  qos: 1,
} as const;

export const webTopic = (
  merchantId: number,
  groupId: number,
  channel: 'telemetry' | 'cmd' | 'alarm' | 'session' | string,
) => `web/${merchantId}/${groupId}/${channel}`;
/** Per-user topic for session events (forced logout pushed at once). */
export const userTopic = (merchantId: number, userId: number) => `user/${merchantId}/${userId}/session`;

/** Parses `web/{merchantId}/{groupId}/...`; null when the topic is not of that shape. */
export function parseWebTopic(topic: string): { merchantId: number; groupId: number } | null {
  const m = /^web\/(\d+)\/(\d+)\/.+$/.exec(topic);
  return m ? { merchantId: Number(m[1]), groupId: Number(m[2]) } : null;
}
