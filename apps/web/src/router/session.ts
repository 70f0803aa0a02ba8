import type { MerchantUserInfo } from '@farmpark/contracts';
import { getConnectParam } from '../api/mqtt';
import { useAppStore } from '../stores/app';
import { useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';

let stopSessionTopic: (() => void) | null = null;

/**
 * The messaging client and its channel parsers (zod) load with the first start, after login, so
 * /login's first load goes without them (e2e/bundle.e2e.ts). Before that there is nothing to close.
 */
let messaging: typeof import('../mqtt')['messaging'] | null = null;
async function loadMessaging() {
  const [mqtt, channels] = await Promise.all([import('../mqtt'), import('../mqtt/channels')]);
  messaging = mqtt.messaging;
  return { client: mqtt.messaging, subscribeSessionEnded: channels.subscribeSessionEnded };
}

/** SPEC §4 token reset plus closing messaging: used on logout, on reaching /login and on failures. */
export function endSession(): void {
  stopSessionTopic?.();
  stopSessionTopic = null;
  messaging?.disconnect();
  useSessionStore.getState().resetToken();
  useParkStore.setState({ parks: [], activeGroupId: null });
}

/**
 * A 9xx code or a message on the user's session topic (SPEC §8): messaging goes down at once. The
 * dialog is for someone working in the console; while the guard is still signing in it handles the
 * failure itself by sending the user to login.
 */
export function forcedLogout(): void {
  stopSessionTopic?.();
  stopSessionTopic = null;
  messaging?.disconnect();
  if (useSessionStore.getState().permissionReady) useAppStore.getState().setForcedLogoutOpen(true);
}

/** SPEC §4: started after login when not connected; the per-user topic brings forced logouts at once. */
export async function startMessaging(user: MerchantUserInfo): Promise<void> {
  const { client, subscribeSessionEnded } = await loadMessaging();
  stopSessionTopic ??= subscribeSessionEnded(user.merchantId, user.userId, forcedLogout);
  if (client.active) return;
  try {
    await client.connect(await getConnectParam());
  } catch (err) {
    console.warn('[mqtt] could not start', err);
  }
}
