import {
  parseWebChannel,
  type SessionEndedMessage,
  sessionEndedMessage,
  userTopic,
  type WebChannel,
  type WebChannelMessage,
  webTopic,
} from '@farmpark/contracts';
import { useEffect, useRef } from 'react';
import { useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';
import { messaging, useTopic } from './index';

/**
 * The typed door to the park's live data: each channel's message is parsed once against its schema
 * in contracts, however many components listen (the client hands every handler the same decoded
 * object). A message that is not what the channel carries is logged and dropped, never half-used.
 */
const parsed = new WeakMap<object, Map<WebChannel, unknown>>();

function parseOnce<C extends WebChannel>(channel: C, payload: unknown, topic: string): WebChannelMessage<C> | null {
  const cacheable = typeof payload === 'object' && payload !== null;
  let byChannel = cacheable ? parsed.get(payload) : undefined;
  if (byChannel?.has(channel)) return byChannel.get(channel) as WebChannelMessage<C> | null;
  const message = parseWebChannel(channel, payload);
  if (message === null) console.warn('[mqtt] dropped a message that is not a', channel, 'message on', topic);
  if (cacheable) {
    byChannel ??= new Map();
    byChannel.set(channel, message);
    parsed.set(payload, byChannel);
  }
  return message;
}

/** The topic of a channel of the active park, or null before the session knows the merchant. */
function useParkChannelTopic(channel: WebChannel): string | null {
  const merchantId = useSessionStore((s) => s.user?.merchantId);
  const groupId = useParkStore((s) => s.activeGroupId);
  return merchantId && groupId ? webTopic(merchantId, groupId, channel) : null;
}

/**
 * Calls `handler` with each valid message of a channel of the active park, for the life of the component,
 * and `resync` each time the subscription becomes live (first and after a reconnect): a view built from
 * a fetch plus messages reloads there, so nothing that happened before the subscription is missed.
 */
export function useParkChannel<C extends WebChannel>(
  channel: C,
  handler: (message: WebChannelMessage<C>) => void,
  resync?: () => void,
) {
  useTopic(
    useParkChannelTopic(channel),
    (payload, topic) => {
      const message = parseOnce(channel, payload, topic);
      if (message !== null) handler(message);
    },
    resync,
  );
}

/** Like useParkChannel, for one channel of several parks at once (the GIS map shows every park). */
export function useChannelOfParks<C extends WebChannel>(
  channel: C,
  groupIds: readonly number[],
  handler: (message: WebChannelMessage<C>) => void,
) {
  const merchantId = useSessionStore((s) => s.user?.merchantId);
  const ref = useRef(handler);
  ref.current = handler;
  const key = groupIds.join(',');
  useEffect(() => {
    if (!merchantId || !key) return;
    const offs = key.split(',').map((g) =>
      messaging.subscribe(webTopic(merchantId, Number(g), channel), (payload, topic) => {
        const message = parseOnce(channel, payload, topic);
        if (message !== null) ref.current(message);
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [merchantId, key, channel]);
}

/** The user's session topic: the server says there why this console's session ended (SPEC §8). */
export function subscribeSessionEnded(
  merchantId: number,
  userId: number,
  handler: (message: SessionEndedMessage) => void,
): () => void {
  return messaging.subscribe(userTopic(merchantId, userId), (payload, topic) => {
    const r = sessionEndedMessage.safeParse(payload);
    if (r.success) handler(r.data);
    else console.warn('[mqtt] dropped a message that is not a session end on', topic);
  });
}
