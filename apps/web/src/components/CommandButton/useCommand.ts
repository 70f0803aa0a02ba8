import { COMMAND_TIMEOUT_MS, type CommandStateMessage, type SendCommandResult } from '@farmpark/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCommandDetail, type SendCommandInput, sendCommand } from '../../api/commands';
import { useParkChannel } from '../../mqtt/channels';
import { applyCommandMessage, type CommandView, isFinal } from './commandState';

/** After the server's own timeout, ask it for the record: the topic may have been missed (reconnect). */
const CHECK_AFTER_MS = COMMAND_TIMEOUT_MS + 3_000;

/**
 * Sends a command and follows it to the device's answer: the sendCommand result, then the park's
 * `cmd` topic by cmdId, then (if nothing arrived) the stored record. It reports success only when
 * the device confirmed it.
 */
export function useCommand(onDone?: (view: Extract<CommandView, { phase: 'done' }>) => void) {
  const [view, setView] = useState<CommandView>({ phase: 'idle' });
  const viewRef = useRef(view);
  viewRef.current = view;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  // Answers can arrive on the topic before the HTTP response names the cmdId.
  const early = useRef(new Map<string, CommandStateMessage>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const settle = useCallback((next: CommandView) => {
    setView(next);
    viewRef.current = next;
    if (next.phase === 'done') {
      clearTimeout(timer.current);
      doneRef.current?.(next);
    }
  }, []);

  useParkChannel('cmd', (msg) => {
    const v = viewRef.current;
    if (v.phase === 'sending' && v.cmdId === null && isFinal(msg.state)) {
      early.current.set(msg.cmdId, msg);
      return;
    }
    const next = applyCommandMessage(v, msg);
    if (next !== v) settle(next);
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Follows any call that starts a command (sendCommand, or updateLight's setWorkWindow). */
  const track = useCallback(
    async (start: () => Promise<SendCommandResult>) => {
      early.current.clear();
      clearTimeout(timer.current);
      settle({ phase: 'sending', cmdId: null });
      let result: SendCommandResult;
      try {
        result = await start();
      } catch (err) {
        settle({
          phase: 'done',
          cmdId: null,
          state: 'failed',
          reason: err instanceof Error ? err.message : String(err),
        });
        return;
      }
      if (isFinal(result.state)) {
        settle({ phase: 'done', cmdId: result.cmdId, state: result.state, reason: result.reason });
        return;
      }
      const sending: CommandView = { phase: 'sending', cmdId: result.cmdId };
      const seen = early.current.get(result.cmdId);
      early.current.clear();
      if (seen) {
        settle(applyCommandMessage(sending, seen));
        return;
      }
      settle(sending);
      timer.current = setTimeout(async () => {
        if (viewRef.current.phase !== 'sending' || viewRef.current.cmdId !== result.cmdId) return;
        try {
          const record = await getCommandDetail(result.cmdId);
          if (isFinal(record.state))
            settle({ phase: 'done', cmdId: result.cmdId, state: record.state, reason: record.reason });
        } catch {
          // still "sending": the page says so rather than guessing
        }
      }, CHECK_AFTER_MS);
    },
    [settle],
  );

  const send = useCallback((input: SendCommandInput) => track(() => sendCommand(input)), [track]);

  const reset = useCallback(() => settle({ phase: 'idle' }), [settle]);
  return { view, send, track, reset };
}
