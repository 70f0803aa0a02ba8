import { describe, expect, it } from 'vitest';
import { applyCommandMessage, type CommandView } from './commandState';
import { describeCommand } from './describe';

const sending: CommandView = { phase: 'sending', cmdId: 'c1' };
const msg = (cmdId: string, state: 'sent' | 'succeeded' | 'failed' | 'timedOut', reason = '') => ({
  cmdId,
  deviceId: 1,
  name: 'setActuator',
  state,
  reason,
  ts: 1,
});

describe('command state', () => {
  it('only the followed command final answer ends "sending"', () => {
    expect(applyCommandMessage(sending, msg('c1', 'sent'))).toBe(sending);
    expect(applyCommandMessage(sending, msg('other', 'succeeded'))).toBe(sending);
    expect(applyCommandMessage(sending, msg('c1', 'failed', 'pump overload'))).toEqual({
      phase: 'done',
      cmdId: 'c1',
      state: 'failed',
      reason: 'pump overload',
    });
    const done = applyCommandMessage(sending, msg('c1', 'succeeded'));
    expect(applyCommandMessage(done, msg('c1', 'failed'))).toBe(done);
  });

  it('describes commands in words', () => {
    const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`;
    expect(describeCommand('setActuator', { actuator: 'fan', on: true }, t, () => true)).toBe(
      'command.setActuatorText{"what":"actuator.fan","state":"live.on"}',
    );
    expect(describeCommand('reboot', { hard: 1 }, t, () => false)).toBe('reboot {"hard":1}');
  });
});
