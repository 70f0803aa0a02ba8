import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../api/request';
import FeedbackBridge from '../../components/FeedbackBridge';
import '../../i18n';
import { idleFertigationMachine } from '../../test/irrigationMachine';
import '../../test/jsdomShims';
import { useParkStore } from '../../stores/park';
import { renderWithClient } from '../../test/renderWithClient';
import StartForm from './StartForm';

// The form's behaviour is under test; the server is stood in for at its edge.
const api = vi.hoisted(() => ({
  startRun: vi.fn(),
  // zone 1 named and linked, zone 2 only linked to a plot, the rest by number
  getZoneList: vi.fn(async () => [
    { deviceId: 5, zoneNo: 1, name: '番茄东棚', areaPointId: 7, areaPointName: '1号日光温室' },
    { deviceId: 5, zoneNo: 2, name: null, areaPointId: 8, areaPointName: '2号日光温室' },
    { deviceId: 5, zoneNo: 3, name: null, areaPointId: null, areaPointName: null },
  ]),
}));
vi.mock('../../api/irrigation', () => api);

const machine = idleFertigationMachine;

async function renderForm() {
  renderWithClient(
    <>
      <FeedbackBridge />
      <StartForm machine={machine} />
    </>,
  );
  const form = screen.getByTestId('start-form-5');
  fireEvent.mouseDown(within(form).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle('1区 → 番茄东棚'));
  expect(screen.getByTitle('2区 → 2号日光温室')).toBeTruthy();
  expect(screen.getByTitle('3区')).toBeTruthy();
  fireEvent.click(screen.getByText('按水量（m³）'));
  const start = screen.getByTestId('start-run') as HTMLButtonElement;
  await waitFor(() => expect(start.disabled).toBe(false));
  return form;
}

describe('StartForm', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.startRun.mockReset();
    useParkStore.setState({ activeGroupId: 1 });
  });

  it('keeps a volume below the limit as typed, shows the limit on the field and sends nothing', async () => {
    await renderForm();
    const amount = screen.getByTestId('start-amount') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '0.02' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByTestId('start-run'));
    expect(await screen.findByText('请输入 0.1 到 10000 之间的数')).toBeTruthy();
    expect(amount.value).toBe('0.02');
    expect(screen.queryByText(/确认开始灌溉/)).toBeNull();
    expect(api.startRun).not.toHaveBeenCalled();
  });

  it('confirms what it will send, then sends exactly that', async () => {
    api.startRun.mockResolvedValue({});
    await renderForm();
    const amount = screen.getByTestId('start-amount') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('start-run'));
    expect(await screen.findByText('确认开始灌溉？水肥一体机 1：1区 → 番茄东棚；0.5 m³；清水')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确定执行/ }));
    await waitFor(() => expect(api.startRun).toHaveBeenCalledWith({ deviceId: 5, zones: [1], volumeM3: 0.5 }));
  });

  it('shows the server’s sentence when pump protection refuses the start: which limit, and when it may start', async () => {
    const sentence =
      '水泵保护：水肥一体机 1 未启动，水泵每小时最多启动 6 次（每小时最多启动次数），最早 14:32（12 分钟后）可启动';
    // the real request client, with the server's answer at the network's edge
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 1006, msg: sentence, data: null }), { status: 200 })),
    );
    api.startRun.mockImplementation((body: Record<string, unknown>) =>
      post('/api/merchant/irrigation/startRun', body, { json: true }),
    );
    await renderForm();
    fireEvent.change(screen.getByTestId('start-amount'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('start-run'));
    fireEvent.click(await screen.findByRole('button', { name: /确定执行/ }));
    expect(await screen.findByText(sentence)).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
