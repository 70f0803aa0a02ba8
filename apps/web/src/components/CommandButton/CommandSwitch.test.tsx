import type { CommandStateMessage } from '@farmpark/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { CommandSwitch } from '.';

// The switch's behaviour is under test; the server and the broker are stood in for at their edges.
const api = vi.hoisted(() => ({ sendCommand: vi.fn(), getCommandDetail: vi.fn() }));
vi.mock('../../api/commands', () => api);
const topic = vi.hoisted(() => ({ handler: null as null | ((payload: unknown) => void) }));
vi.mock('../../mqtt', () => ({
  useTopic: (_t: string | null, h: (payload: unknown) => void) => {
    topic.handler = h;
  },
}));

const deliver = (msg: Partial<CommandStateMessage>) =>
  act(() => topic.handler?.({ deviceId: 9, name: 'setActuator', ts: 1, reason: '', ...msg }));

function renderSwitch(checked: boolean | null = false) {
  return render(
    <CommandSwitch
      checked={checked}
      command={(on) => ({ deviceId: 9, name: 'setActuator', params: { actuator: 'fan', on } })}
      confirm={(on) => `switch the fan ${on ? 'on' : 'off'}?`}
      testId="switch-fan"
    />,
  );
}
const confirmButton = () => screen.getByRole('button', { name: /确定执行/ });

describe('CommandSwitch', () => {
  beforeEach(() => {
    api.sendCommand.mockReset();
    api.getCommandDetail.mockReset();
  });

  it('asks first, and sends nothing when the operator cancels', async () => {
    renderSwitch(false);
    fireEvent.click(screen.getByTestId('switch-fan'));
    expect(await screen.findByText('switch the fan on?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(api.sendCommand).not.toHaveBeenCalled();
  });

  it('shows "sending" until the device answers, then its outcome; the switch keeps the reported state', async () => {
    api.sendCommand.mockResolvedValue({ cmdId: 'c1', state: 'sent', reason: '' });
    renderSwitch(false);
    fireEvent.click(screen.getByTestId('switch-fan'));
    fireEvent.click(await waitFor(confirmButton));
    expect(api.sendCommand).toHaveBeenCalledWith({
      deviceId: 9,
      name: 'setActuator',
      params: { actuator: 'fan', on: true },
    });
    const outcome = await screen.findByTestId('switch-fan-outcome');
    expect(outcome.getAttribute('data-state')).toBe('sending');
    deliver({ cmdId: 'c1', state: 'succeeded' });
    await waitFor(() => expect(screen.getByTestId('switch-fan-outcome').getAttribute('data-state')).toBe('succeeded'));
    // the device's next reading moves the switch, not the wish
    expect(screen.getByTestId('switch-fan').getAttribute('data-checked')).toBe('false');
  });

  it('shows the reason when the device refuses, and ignores answers to other commands', async () => {
    api.sendCommand.mockResolvedValue({ cmdId: 'c2', state: 'sent', reason: '' });
    renderSwitch(true);
    fireEvent.click(screen.getByTestId('switch-fan'));
    fireEvent.click(await waitFor(confirmButton));
    await screen.findByTestId('switch-fan-outcome');
    deliver({ cmdId: 'someone-else', state: 'succeeded' });
    expect(screen.getByTestId('switch-fan-outcome').getAttribute('data-state')).toBe('sending');
    deliver({ cmdId: 'c2', state: 'failed', reason: '风机过载保护' });
    await waitFor(() => expect(screen.getByTestId('switch-fan-outcome').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('switch-fan-outcome').textContent).toContain('风机过载保护');
  });

  it('says at once when the server refuses (device offline)', async () => {
    api.sendCommand.mockResolvedValue({ cmdId: 'c3', state: 'failed', reason: 'device offline' });
    renderSwitch(false);
    fireEvent.click(screen.getByTestId('switch-fan'));
    fireEvent.click(await waitFor(confirmButton));
    await waitFor(() => expect(screen.getByTestId('switch-fan-outcome').textContent).toContain('device offline'));
  });
});
