import { useEffect, useRef } from 'react';
import { useAppStore } from '../stores/app';
import { type ConnectFn, type LiveHandler, type MessageHandler, MessagingClient } from './client';

/** mqtt.js loads on first connect so the login page does not pay for it. */
const loadConnect = async (): Promise<ConnectFn> => {
  const mod = await import('mqtt');
  // The browser build (dist/mqtt.esm.js) has only a default export; Node's build has named ones.
  const lib = (mod as unknown as { default?: { connect?: ConnectFn } }).default;
  return lib?.connect ?? (mod.connect as unknown as ConnectFn);
};

export const messaging = new MessagingClient(loadConnect, (connected) =>
  useAppStore.getState().setMqttConnected(connected),
);

export const useMqttStatus = (): boolean => useAppStore((s) => s.mqttConnected);

/**
 * Subscribes for the life of the component; the latest handlers are always called without resubscribing.
 * `onLive` runs each time the broker confirms the subscription (see LiveHandler).
 */
export function useTopic(topic: string | null | undefined, handler: MessageHandler, onLive?: LiveHandler): void {
  const ref = useRef(handler);
  ref.current = handler;
  const liveRef = useRef(onLive);
  liveRef.current = onLive;
  const wantsLive = onLive !== undefined;
  useEffect(() => {
    if (!topic) return;
    return messaging.subscribe(
      topic,
      (payload, t) => ref.current(payload, t),
      wantsLive ? () => liveRef.current?.() : undefined,
    );
  }, [topic, wantsLive]);
}
