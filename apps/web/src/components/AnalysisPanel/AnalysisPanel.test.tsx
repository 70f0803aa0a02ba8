import type { AggregateBucket, AggregateResult, DeviceParamConfig } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { RequestError } from '../../api/request';
import type { AggregateInterval } from '../../api/telemetry';
import { useParkStore } from '../../stores/park';
import { pickOption, pickPreset } from '../../test/antd';
import { expectDeviceListStates } from '../../test/deviceListStates';
import { renderWithClient } from '../../test/renderWithClient';
import { weatherStation } from '../../test/telemetryFixtures';
// picked days are the active park's days (utils/time), whatever the zone tests run in
import { inPark } from '../../utils/time';
import type { TrendChartProps } from '../TrendChart';
import AnalysisPanel from '.';
import { BOLLWORM, DEGREE_DAYS, ET0_DAYS, signIn } from './agronomyFixtures';

// The server is stood in for at the API module; the panel, its tabs, statistics and agronomy card are real.
const api = vi.hoisted(() => ({ getInitParamConfigList: vi.fn(), getAggregateList: vi.fn() }));
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  ...api,
}));
// the park's ET0 and degree days, and the pest categories to pick from, are the server's answers
const server = vi.hoisted(() => ({
  getEt0List: vi.fn(),
  getDegreeDayList: vi.fn(),
  getPestStages: vi.fn(),
  getCategories: vi.fn(),
}));
vi.mock('../../api/agronomy', () => server);
vi.mock('../../api/pests', () => ({ getCategories: server.getCategories }));
// ECharts does not draw in jsdom: each chart shows what it was handed.
vi.mock('../TrendChart', () => ({
  default: ({ series, mode, error }: TrendChartProps) => (
    <div
      data-testid="chart-stub"
      data-mode={mode}
      data-error={error ?? ''}
      data-series={JSON.stringify(series.map((s) => ({ name: s.name, unit: s.unit, points: s.points })))}
    />
  ),
}));

// antd's first render is slow on a busy machine; 1 s waits made tests flaky.
configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
const DAY = 86_400_000;
const STATIONS: DeviceParamConfig[] = [weatherStation(), weatherStation({ deviceId: 12, deviceName: '二号气象站' })];

type Query = { deviceIds: number[]; keys: string[]; interval: AggregateInterval; startTime: number; endTime: number };
const bucket = (ts: number, min: number, avg: number, max: number, count: number): AggregateBucket => ({
  ts,
  min,
  avg,
  max,
  sum: avg * count,
  count,
});
/** Two days (or four hours) per parameter; the second station reads 2 higher. */
function fakeAggregates(q: Query): AggregateResult {
  const step = q.interval === 'hour' ? 3_600_000 : DAY;
  const rows: Record<string, [number, number, number, number][]> =
    q.interval === 'hour'
      ? {
          airTemp: [
            [13, 14, 15, 6],
            [15, 16, 17, 6],
            [16, 17, 18, 6],
            [12, 13, 14, 6],
          ],
        }
      : {
          airTemp: [
            [12, 16, 20, 10],
            [8.5, 18, 25.5, 20],
          ],
          airHumidity: [
            [40, 60, 80, 10],
            [35, 70, 90, 20],
          ],
          rainfall: [
            [0, 1.5, 3.2, 10],
            [0, 0.4, 0.8, 20],
          ],
        };
  return {
    interval: q.interval,
    series: q.deviceIds.flatMap((deviceId) =>
      q.keys.map((key) => ({
        deviceId,
        key,
        buckets: (rows[key] ?? []).map(([min, avg, max, count], i) => {
          const up = deviceId === 12 ? 2 : 0;
          return bucket(q.startTime + i * step, min + up, avg + up, max + up, count);
        }),
      })),
    ),
  };
}
/** The panel's own requests (the agronomy card asks separately, for rain and hourly values). */
const panelCalls = () =>
  api.getAggregateList.mock.calls.map((c) => c[0] as Query).filter((q) => q.keys.includes('airHumidity'));
const lastPanelCall = () => panelCalls()[panelCalls().length - 1];
const activeCharts = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[role=tabpanel][aria-hidden=false] [data-testid="chart-stub"]'));
const seriesOf = (el: HTMLElement) =>
  JSON.parse(el.dataset.series ?? '[]') as { name: string; unit: string; points: number[][] }[];
const summaryRow = (param: string, device = '一号气象站') => {
  const rows = within(screen.getByTestId('analysis-summary')).getAllByRole('row');
  const row = rows.find((r) => r.textContent?.includes(param) && r.textContent.includes(device));
  if (!row) throw new Error(`no summary row for ${device} ${param}`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
};

describe('AnalysisPanel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.getInitParamConfigList.mockReset().mockResolvedValue(STATIONS);
    api.getAggregateList.mockReset().mockImplementation(async (q: Query) => fakeAggregates(q));
    server.getEt0List.mockReset().mockResolvedValue(ET0_DAYS);
    server.getDegreeDayList.mockReset().mockResolvedValue(DEGREE_DAYS);
    // the stages card has its own test (PestStagesCard.test.tsx)
    server.getPestStages.mockReset().mockReturnValue(new Promise(() => {}));
    server.getCategories.mockReset().mockResolvedValue([BOLLWORM]);
    useParkStore.setState({ activeGroupId: PARK });
    signIn();
  });

  it('asks for daily buckets of the last 30 days and shows min/avg/max bands and summary statistics', async () => {
    renderWithClient(<AnalysisPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(panelCalls()).toHaveLength(1));
    expect(lastPanelCall()).toEqual({
      deviceIds: [11],
      keys: ['airTemp', 'airHumidity'],
      interval: 'day',
      startTime: inPark().subtract(29, 'day').startOf('day').valueOf(),
      endTime: inPark().endOf('day').valueOf(),
    });
    // mean is weighted by readings: (16·10 + 18·20) / 30
    await waitFor(() =>
      expect(summaryRow('空气温度 (°C)')).toEqual(['一号气象站', '空气温度 (°C)', '8.5', '25.5', '17.3', '—', '30']),
    );
    expect(summaryRow('空气湿度 (%RH)')).toEqual(['一号气象站', '空气湿度 (%RH)', '35', '90', '67', '—', '30']);
    const [temp] = activeCharts();
    expect(temp.dataset.mode).toBe('band');
    const start = lastPanelCall().startTime;
    expect(seriesOf(temp)).toEqual([
      {
        name: '一号气象站',
        unit: '°C',
        points: [
          [start, 16, 12, 20],
          [start + DAY, 18, 8.5, 25.5],
        ],
      },
    ]);
  });

  it('requests the chosen interval, and a shorter default for a short range', async () => {
    renderWithClient(<AnalysisPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(panelCalls()).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('analysis-interval')).getByText('按月'));
    await waitFor(() => expect(lastPanelCall().interval).toBe('month'));
    fireEvent.click(within(screen.getByTestId('analysis-interval')).getByText('按小时'));
    await waitFor(() => expect(lastPanelCall().interval).toBe('hour'));
    await pickPreset(screen.getAllByTestId('range-picker')[0], '最近一年');
    await waitFor(() =>
      expect(lastPanelCall()).toMatchObject({
        interval: 'day',
        startTime: inPark().subtract(1, 'year').startOf('day').valueOf(),
      }),
    );
    await pickPreset(screen.getAllByTestId('range-picker')[0], '今天');
    await waitFor(() =>
      expect(lastPanelCall()).toMatchObject({ interval: 'hour', startTime: inPark().startOf('day').valueOf() }),
    );
  });

  it('compares devices, and this period against the same period a year earlier', async () => {
    renderWithClient(<AnalysisPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(panelCalls()).toHaveLength(1));
    await pickOption(screen.getByTestId('analysis-devices'), '二号气象站');
    await waitFor(() => expect(lastPanelCall().deviceIds).toEqual([11, 12]));
    await waitFor(() => expect(summaryRow('空气温度 (°C)', '二号气象站')[2]).toBe('10.5'));

    fireEvent.click(screen.getByRole('tab', { name: '多设备对比' }));
    await waitFor(() => expect(activeCharts()[0]?.dataset.mode).toBe('line'));
    await waitFor(() =>
      expect(seriesOf(activeCharts()[0]).map((s) => [s.name, s.points[0][1]])).toEqual([
        ['一号气象站', 16],
        ['二号气象站', 18],
      ]),
    );

    const { startTime, endTime } = lastPanelCall();
    fireEvent.click(screen.getByRole('tab', { name: '同比（去年同期）' }));
    const lastYear = inPark(startTime).subtract(1, 'year').valueOf();
    await waitFor(() =>
      expect(api.getAggregateList).toHaveBeenCalledWith({
        deviceIds: [11],
        keys: ['airTemp', 'airHumidity'],
        interval: 'day',
        startTime: lastYear,
        endTime: inPark(endTime).subtract(1, 'year').valueOf(),
      }),
    );
    // last year's buckets are drawn a year later, on this period's axis
    await waitFor(() =>
      expect(seriesOf(activeCharts()[0]).map((s) => [s.name, s.points[0]?.[0]])).toEqual([
        ['本期', startTime],
        ['去年同期', startTime],
      ]),
    );
  });

  it('totals a daily counter, rain and hours above a typed threshold; ET0 and degree days are the server’s', async () => {
    renderWithClient(<AnalysisPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(panelCalls()).toHaveLength(1));
    await pickOption(screen.getByTestId('analysis-params'), '降雨量');
    // a daily-reset counter's total is the sum of each day's maximum
    await waitFor(() => expect(summaryRow('降雨量 (mm)')[5]).toBe('4.0'));
    const agronomy = screen.getByTestId('agronomy-card');
    expect(agronomy.textContent).toContain('4.0mm');
    // the park's days of the picked period, as the server counts them
    const period = {
      groupId: PARK,
      from: inPark().subtract(29, 'day').format('YYYY-MM-DD'),
      to: inPark().format('YYYY-MM-DD'),
    };
    await waitFor(() => expect(agronomy.textContent).toContain('9.3mm'));
    expect(agronomy.textContent).toContain('参考蒸散量 ET0（2 天合计）');
    expect(agronomy.textContent).toContain('缺测替代：海拔按 0 米、风速传感器高度按 2 米');
    expect(agronomy.textContent).toContain('园区气象站测算 · 一号气象站');
    expect(server.getEt0List).toHaveBeenCalledWith(period);
    await waitFor(() => expect(screen.getByTestId('stat-degree-days').textContent).toContain('13.8°C·d'));
    expect(server.getDegreeDayList).toHaveBeenCalledWith({ ...period, categoryId: 5 });
    expect(agronomy.textContent).toContain('有效积温（2 天合计，单正弦法）');
    expect(agronomy.textContent).toContain('下限 11 °C');
    expect(agronomy.textContent).toContain('自 2026-01-01 起累计 407.8 °C·d');
    expect(screen.getByTestId('stat-hours').textContent).toBe('输入阈值后显示小时数');
    fireEvent.change(within(agronomy).getByTestId('threshold-input'), { target: { value: '15' } });
    await waitFor(() => expect(screen.getByTestId('stat-hours').textContent).toBe('共 2 小时'));
    fireEvent.click(within(agronomy).getByText('低于'));
    await waitFor(() => expect(screen.getByTestId('stat-hours').textContent).toBe('共 2 小时'));
    fireEvent.change(within(agronomy).getByTestId('threshold-input'), { target: { value: '16.5' } });
    await waitFor(() => expect(screen.getByTestId('stat-hours').textContent).toBe('共 3 小时'));
  });

  it('shows loading, the empty park, the load error and a failed aggregate request', async () => {
    const failed = await expectDeviceListStates(api.getInitParamConfigList, () =>
      renderWithClient(<AnalysisPanel source={{ family: 'soil' }} />),
    );
    failed.unmount();

    api.getAggregateList.mockRejectedValue(new RequestError('api', '统计区间过长', 1001));
    renderWithClient(<AnalysisPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(activeCharts()[0]?.dataset.error).toBe('统计区间过长'));
  });
});
