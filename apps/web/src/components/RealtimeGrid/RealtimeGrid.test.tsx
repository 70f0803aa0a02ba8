import type { DeviceParamConfig, SeriesResult } from '@farmpark/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { RequestError } from '../../api/request';
import { useParkStore } from '../../stores/park';
import { useSessionStore } from '../../stores/session';
import { chart } from '../../test/chartStub';
import { renderWithClient } from '../../test/renderWithClient';
import { weatherStation } from '../../test/telemetryFixtures';
import RealtimeGrid from '.';

// The server and the broker are stood in for at their edges; the grid, its cards and tiles are real.
const api = vi.hoisted(() => ({ getInitParamConfigList: vi.fn(), getSeries: vi.fn() }));
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  ...api,
}));
const topics = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../mqtt', () => ({
  useTopic: (topic: string | null, handler: (payload: unknown) => void) => {
    if (topic) topics.set(topic, handler);
  },
}));
vi.mock('../TrendChart', () => import('../../test/chartStub'));

// antd's first render is slow on a busy machine; 1 s waits made the first test flaky.
configure({ asyncUtilTimeout: 10_000 });

const MERCHANT = 7;
const PARK = 3;
const publish = (channel: 'telemetry' | 'status', payload: unknown) =>
  act(() => {
    const handler = topics.get(`web/${MERCHANT}/${PARK}/${channel}`);
    if (!handler) throw new Error(`nothing subscribed to ${channel}`);
    handler(payload);
  });

const tileValue = (key: string, deviceId = 11) =>
  within(screen.getByTestId(`device-card-${deviceId}`)).getByTestId(`tile-value-${key}`).textContent;

describe('RealtimeGrid', () => {
  beforeEach(() => {
    api.getInitParamConfigList.mockReset();
    api.getSeries.mockReset();
    topics.clear();
    chart.last = null;
    useParkStore.setState({ activeGroupId: PARK });
    useSessionStore.setState({
      user: {
        userId: 1,
        loginName: 'op',
        userName: 'Operator',
        userLoge: '',
        userCompanyAbb: '',
        merchantId: MERCHANT,
        merchantName: 'Farm',
        roles: [],
        permitList: [],
      },
    });
  });

  it('shows a skeleton while loading, then a card per device with values and units; hidden parameters stay out', async () => {
    let answer: (list: DeviceParamConfig[]) => void = () => {};
    api.getInitParamConfigList.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { container } = renderWithClient(<RealtimeGrid source={{ family: 'weather' }} />);
    // antd's Skeleton does not pass data-testid through, so the skeleton is found by what it is
    expect(container.querySelector('.ant-skeleton-active')).not.toBeNull();
    expect(api.getInitParamConfigList).toHaveBeenCalledWith({ family: 'weather' }, PARK);

    answer([weatherStation(), weatherStation({ deviceId: 12, deviceName: '二号气象站' })]);
    const card = await screen.findByTestId('device-card-11');
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    expect(within(card).getByText('一号气象站')).toBeTruthy();
    expect(screen.getByTestId('device-card-12')).toBeTruthy();
    expect(tileValue('airTemp')).toBe('23.5°C');
    expect(tileValue('airHumidity')).toBe('61%RH');
    // a 0/1 state reads as words, without a unit
    expect(tileValue('rain')).toBe('无雨');
    expect(within(card).queryByTestId('tile-dewPoint')).toBeNull();
    // the groups are headed in their configured order
    expect(within(card).getByText('空气').compareDocumentPosition(within(card).getByText('降雨'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(card).getByLabelText('上升')).toBeTruthy();
    expect(within(card).getByText('5 分钟前')).toBeTruthy();
  });

  it('greys an offline device and says so', async () => {
    api.getInitParamConfigList.mockResolvedValue([
      weatherStation(),
      weatherStation({ deviceId: 12, deviceName: '二号气象站', online: false }),
    ]);
    renderWithClient(<RealtimeGrid source={{ family: 'weather' }} />);
    const offline = await screen.findByTestId('device-card-12');
    expect(offline.getAttribute('data-online')).toBe('false');
    expect(offline.className).toMatch(/offline/);
    expect(within(offline).getByText('离线')).toBeTruthy();
    const online = screen.getByTestId('device-card-11');
    expect(online.getAttribute('data-online')).toBe('true');
    expect(online.className).not.toMatch(/offline/);
    expect(within(online).queryByText('离线')).toBeNull();
  });

  it('updates a value when a live reading arrives, flashes only that tile, and follows online status', async () => {
    api.getInitParamConfigList.mockResolvedValue([weatherStation(), weatherStation({ deviceId: 12 })]);
    renderWithClient(<RealtimeGrid source={{ family: 'weather' }} />);
    await screen.findByTestId('device-card-11');
    expect(within(screen.getByTestId('device-card-11')).getByTestId('tile-airTemp').getAttribute('data-changed')).toBe(
      '',
    );

    const ts = Date.now();
    publish('telemetry', { readings: [{ deviceId: 11, ts, values: { airTemp: 21.04, airHumidity: 61 } }] });
    await waitFor(() => expect(tileValue('airTemp')).toBe('21.0°C'));
    const card = screen.getByTestId('device-card-11');
    expect(within(card).getByTestId('tile-airTemp').getAttribute('data-changed')).toBe(String(ts));
    // the same humidity again is not a change
    expect(within(card).getByTestId('tile-airHumidity').getAttribute('data-changed')).toBe('');
    expect(within(card).getByLabelText('下降')).toBeTruthy();
    expect(within(card).getByText('刚刚')).toBeTruthy();
    // the other station did not move
    expect(tileValue('airTemp', 12)).toBe('23.5°C');

    publish('status', { deviceId: 11, online: false, ts: ts + 1 });
    await waitFor(() => expect(screen.getByTestId('device-card-11').getAttribute('data-online')).toBe('false'));
  });

  it('says when the park has no such devices', async () => {
    api.getInitParamConfigList.mockResolvedValue([]);
    renderWithClient(<RealtimeGrid source={{ deviceClass: 'envCabinet' }} />);
    expect((await screen.findByTestId('realtime-empty')).textContent).toContain('当前园区没有此类设备');
    expect(api.getInitParamConfigList).toHaveBeenCalledWith({ deviceClass: 'envCabinet' }, PARK);
  });

  it('shows the server error with a refresh that asks again', async () => {
    api.getInitParamConfigList.mockRejectedValueOnce(new RequestError('api', '设备服务暂不可用', 1500));
    api.getInitParamConfigList.mockResolvedValueOnce([weatherStation()]);
    renderWithClient(<RealtimeGrid source={{ family: 'weather' }} />);
    const error = await screen.findByTestId('realtime-error');
    expect(error.textContent).toContain('设备数据加载失败');
    expect(error.textContent).toContain('设备服务暂不可用');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('device-card-11')).toBeTruthy();
    expect(api.getInitParamConfigList).toHaveBeenCalledTimes(2);
  });

  it('a click on a tile charts that parameter over the last 24 hours', async () => {
    api.getInitParamConfigList.mockResolvedValue([weatherStation()]);
    const now = Date.now();
    const result: SeriesResult = {
      interval: 'raw',
      series: [{ deviceId: 11, key: 'airTemp', points: [[now - 3_600_000, 22.5, 22.5, 22.5]] }],
    };
    api.getSeries.mockResolvedValue(result);
    renderWithClient(<RealtimeGrid source={{ family: 'weather' }} />);
    fireEvent.click(await screen.findByTestId('tile-airTemp'));
    expect(await screen.findByText('一号气象站 · 空气温度 · 最近 24 小时')).toBeTruthy();
    const q = api.getSeries.mock.calls[0][0];
    expect(q).toMatchObject({ deviceIds: [11], keys: ['airTemp'] });
    expect(q.endTime - q.startTime).toBe(86_400_000);
    expect(Math.abs(q.endTime - now)).toBeLessThan(5_000);
    await waitFor(() => expect(chart.last?.series[0]?.points).toEqual(result.series[0].points));
    expect(chart.last?.series[0]).toMatchObject({ name: '空气温度', unit: '°C', decimals: 1 });
  });
});
