import type { MerchantUserInfo } from '@farmpark/contracts';
import { getConnectParam } from '../api/mqtt';
import { messaging } from '../mqtt';
import { subscribeSessionEnded } from '../mqtt/channels';
import { useAppStore } from '../stores/app';
import { useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';

let stopSessionTopic: (() => void) | null = null;

/** SPEC §4 token reset plus closing messaging: used on logout, on reaching /login and on failures. */
export function endSession(): void {
  stopSessionTopic?.();
  stopSessionTopic = null;
  messaging.disconnect();
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
  messaging.disconnect();
  if (useSessionStore.getState().permissionReady) useAppStore.getState().setForcedLogoutOpen(true);
}

/** SPEC §4: started after login when not connected; the per-user topic brings forced logouts at once. */
export async function startMessaging(user: MerchantUserInfo): Promise<void> {
  if (!stopSessionTopic) {
    stopSessionTopic = subscribeSessionEnded(user.merchantId, user.userId, forcedLogout);
  }
  if (messaging.active) return;
  try {
    await messaging.connect(await getConnectParam());
  } catch (err) {
    console.warn('[mqtt] could not start', err);
  }
}
