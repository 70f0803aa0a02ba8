import { parseWebTopic, userTopic } from '@farmpark/contracts';
import { reachesPark } from '../db/scope';

/** Who an MQTT client is, decided once at CONNECT. */
export type MqttIdentity =
  | { kind: 'user'; userId: number; merchantId: number; sessionId: number; token: string }
  | { kind: 'device'; serial: string; deviceId: number };

export const deviceTopicPrefix = (serial: string) => `dev/${serial}/`;

/**
 * A browser may subscribe below `web/{m}/{g}/` (or to `web/{m}/{g}/#`) for parks it may see, and to
 * its own session topic. Wildcards above the park level (`web/+/...`, `web/#`) never match the shape.
 */
export function browserMaySubscribe(
  topic: string,
  who: { userId: number; merchantId: number; groupIds: readonly number[] },
): boolean {
  if (topic === userTopic(who.merchantId, who.userId)) return true;
  const web = parseWebTopic(topic);
  return web !== null && web.merchantId === who.merchantId && reachesPark(who, web.groupId);
}

/** Devices only use their own subtree; `+` or `#` in the serial position cannot sneak in (exact prefix). */
export function deviceMayUse(topic: string, serial: string): boolean {
  return topic.startsWith(deviceTopicPrefix(serial)) && topic.length > deviceTopicPrefix(serial).length;
}

export function isUserSessionTopic(topic: string): boolean {
  return /^user\/\d+\/\d+\/session$/.test(topic);
}
