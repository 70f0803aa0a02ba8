import type { TapEntry, TestingDevice } from '@farmpark/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/jsdomShims';
import { CommandPanel } from './CommandPanel';

// The panel is under test; the server is stood in for at its edge.
const api = vi.hoisted(() => ({ sendCommand: vi.fn() }));
vi.mock('../../api/testing', () => api);

const device: TestingDevice = {
  deviceId: 9,
  serial: 'VC-9',
  name: '阀门',
  deviceClass: 'valveController',
  online: true,
  groupId: 1,
  timeZone: 'Asia/Shanghai',
};
const source = { kind: 'console', deviceId: 9 } as const;
const ack = (cmdId: string, ok: boolean, reason = ''): TapEntry => ({
  seq: 5,
  at: 1,
  direction: 'up',
  channel: 'ack',
  topic: 'dev/VC-9/up/ack',
  payload: JSON.stringify({ cmdId, ok, reason, ts: 1 }),
  truncated: false,
  verdict: 'accepted',
  refusal: null,
  reason: '',
});

const renderPanel = (entries: TapEntry[] = []) =>
  render(
    <App>
      <CommandPanel device={device} source={source} entries={entries} />
    </App>,
  );
/** antd's first render and its modal are slow on a busy machine. */
const SLOW = { timeout: 10_000 };
const confirm = () => screen.getByRole('button', { name: /确定下发/ });

describe('CommandPanel', () => {
  beforeEach(() => api.sendCommand.mockReset());

  it('checks raw JSON against the protocol and sends nothing when it is wrong', { timeout: 30_000 }, async () => {
    renderPanel();
    fireEvent.click(screen.getByText('原始 JSON'));
    fireEvent.change(screen.getByTestId('testing-command-raw'), {
      target: { value: '{"name":"setValve","params":{"valve":7,"on":true}}' },
    });
    fireEvent.click(screen.getByTestId('testing-send'));
    // the protocol's rule in the page's language, the param named as people call it (no path)
    expect(await screen.findByText('阀门不能大于 4', {}, SLOW)).toBeTruthy();
    expect(api.sendCommand).not.toHaveBeenCalled();
  });

  it('asks first, then waits for the device: success only from its ack', { timeout: 30_000 }, async () => {
    api.sendCommand.mockResolvedValue({ cmdId: 'c1', state: 'sent', reason: '' });
    const view = renderPanel();
    fireEvent.click(screen.getByTestId('testing-send'));
    fireEvent.click(await waitFor(confirm, SLOW));
    await waitFor(() => expect(api.sendCommand).toHaveBeenCalledWith(source, 'setValve', { valve: 1, on: true }), SLOW);
    const outcome = await screen.findByTestId('testing-outcome', {}, SLOW);
    expect(outcome.getAttribute('data-state')).toBe('sending');
    // another command's answer changes nothing
    view.rerender(
      <App>
        <CommandPanel device={device} source={source} entries={[ack('someone-else', true)]} />
      </App>,
    );
    expect(screen.getByTestId('testing-outcome').getAttribute('data-state')).toBe('sending');
    view.rerender(
      <App>
        <CommandPanel device={device} source={source} entries={[ack('c1', false, '阀门卡滞')]} />
      </App>,
    );
    await waitFor(() => expect(screen.getByTestId('testing-outcome').getAttribute('data-state')).toBe('failed'), SLOW);
    expect(screen.getByTestId('testing-outcome').textContent).toContain('阀门卡滞');
  });
});
