import type { CommandState, CommandStateMessage } from '@farmpark/contracts';

/** What a control shows: nothing yet, waiting for the device, or the device's real outcome. */
export type CommandView =
  | { phase: 'idle' }
  | { phase: 'sending'; cmdId: string | null }
  | { phase: 'done'; cmdId: string | null; state: 'succeeded' | 'failed' | 'timedOut'; reason: string };

/** The tag colour of a command's state in the lists that show commands. */
export const COMMAND_STATE_COLOR: Record<CommandState, string> = {
  queued: 'default',
  sent: 'processing',
  succeeded: 'success',
  failed: 'error',
  timedOut: 'warning',
};

export const isFinal = (s: CommandState): s is 'succeeded' | 'failed' | 'timedOut' =>
  s === 'succeeded' || s === 'failed' || s === 'timedOut';

/**
 * Folds a state message into the view. Only a final state of the command being followed changes
 * anything, so a late "sent" never hides an answer and another command's answer is never taken.
 */
export function applyCommandMessage(view: CommandView, msg: CommandStateMessage): CommandView {
  if (view.phase !== 'sending' || !view.cmdId || msg?.cmdId !== view.cmdId || !isFinal(msg.state)) return view;
  return { phase: 'done', cmdId: view.cmdId, state: msg.state, reason: msg.reason ?? '' };
}
