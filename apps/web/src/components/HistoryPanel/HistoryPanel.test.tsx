import type { DeviceParamConfig, Paged, ParamDataRow, SeriesResult } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { RequestError } from '../../api/request';
import { useParkStore } from '../../stores/park';
import { pickOption, pickPreset } from '../../test/antd';
import { chart } from '../../test/chartStub';
import { expectDeviceListStates } from '../../test/deviceListStates';
import { blobText, stubDownload } from '../../test/download';
import { renderWithClient } from '../../test/renderWithClient';
import { weatherStation } from '../../test/telemetryFixtures';
// picked days are the active park's days (utils/time), whatever the zone tests run in
import { inPark } from '../../utils/time';
import HistoryPanel from '.';

// The server is stood in for at the API module; the export is a real streamed download from a stubbed fetch.
const api = vi.hoisted(() => ({ getInitParamConfigList: vi.fn(), getSeries: vi.fn(), getParamDataList: vi.fn() }));
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  ...api,
}));
vi.mock('../TrendChart', () => import('../../test/chartStub'));

// antd's first render is slow on a busy machine; 1 s waits made the first test flaky.
configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
const STATIONS: DeviceParamConfig[] = [weatherStation(), weatherStation({ deviceId: 12, deviceName: '二号气象站' })];
const HOUR = 3_600_000;

/** A fake paging server: 45 hourly rows, answered page by page. */
function pagedRows(q: { pageNum: number; pageSize: number; startTime: number }): Paged<ParamDataRow> {
  const all = Array.from({ length: 45 }, (_, i) => ({
    ts: q.startTime + i * HOUR,
    values: { airTemp: 10 + i / 10, airHumidity: 50 + i },
  }));
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: all.slice(start, start + q.pageSize), total: all.length, pageNum: q.pageNum, pageSize: q.pageSize };
}
const lastCall = <T,>(fn: { mock: { calls: T[][] } }) => fn.mock.calls[fn.mock.calls.length - 1];

describe('HistoryPanel', () => {
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    chart.last = null;
    useParkStore.setState({ activeGroupId: PARK });
    api.getInitParamConfigList.mockResolvedValue(STATIONS);
    api.getSeries.mockResolvedValue({ interval: 'raw', series: [] } satisfies SeriesResult);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('charts the first device and its first two measured parameters over the last 7 days', async () => {
    const points: SeriesResult['series'][number]['points'] = [
      [Date.now() - 2 * HOUR, 21.5, 20.1, 22.8],
      [Date.now() - HOUR, 22.0, 21.0, 23.0],
    ];
    api.getSeries.mockResolvedValue({
      interval: 'raw',
      series: [
        { deviceId: 11, key: 'airTemp', points },
        { deviceId: 11, key: 'airHumidity', points: [] },
      ],
    } satisfies SeriesResult);
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(api.getSeries).toHaveBeenCalled());
    const q = api.getSeries.mock.calls[0][0];
    expect(q).toMatchObject({ deviceIds: [11], keys: ['airTemp', 'airHumidity'] });
    expect(q.startTime).toBe(inPark().subtract(6, 'day').startOf('day').valueOf());
    expect(q.endTime).toBe(inPark().endOf('day').valueOf());
    await waitFor(() => expect(chart.last?.series[0].points).toEqual(points));
    expect(chart.last?.series.map((s) => [s.name, s.unit])).toEqual([
      ['空气温度', '°C'],
      ['空气湿度', '%RH'],
    ]);
    expect(api.getParamDataList).not.toHaveBeenCalled();
  });

  it('asks again for the chosen device, parameters and range', async () => {
    api.getSeries.mockResolvedValue({ interval: 'hour', series: [] } satisfies SeriesResult);
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    await screen.findByTestId('history-panel');
    await pickOption(screen.getByTestId('history-device'), '二号气象站');
    await waitFor(() => expect(lastCall(api.getSeries)[0]).toMatchObject({ deviceIds: [12] }));
    // drop humidity, add rainfall
    await pickOption(screen.getByTestId('history-params'), '空气湿度');
    await pickOption(screen.getByTestId('history-params'), '降雨量');
    await waitFor(() => expect(lastCall(api.getSeries)[0]).toMatchObject({ keys: ['airTemp', 'rainfall'] }));
    await pickPreset(screen.getAllByTestId('range-picker')[0], '最近 30 天');
    await waitFor(() =>
      expect(lastCall(api.getSeries)[0]).toMatchObject({
        deviceIds: [12],
        keys: ['airTemp', 'rainfall'],
        startTime: inPark().subtract(29, 'day').startOf('day').valueOf(),
        endTime: inPark().endOf('day').valueOf(),
      }),
    );
  });

  it('pages the table through the server and shows values with their units', async () => {
    api.getParamDataList.mockImplementation(async (_source, q) => pagedRows(q));
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    await screen.findByTestId('history-panel');
    fireEvent.click(within(screen.getByTestId('history-view')).getByText('表格'));
    await screen.findByText('共 45 条');
    const [source, q] = lastCall(api.getParamDataList);
    expect(source).toEqual({ family: 'weather' });
    expect(q).toMatchObject({ deviceId: 11, keys: ['airTemp', 'airHumidity'], pageNum: 1, pageSize: 20 });
    const table = screen.getByTestId('history-table');
    expect(within(table).getByRole('columnheader', { name: '空气温度 (°C)' })).toBeTruthy();
    expect(within(table).getByText('10.0')).toBeTruthy();
    expect(within(table).getByText('69')).toBeTruthy();
    expect(within(table).queryByText('12.0')).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastCall(api.getParamDataList)[1]).toMatchObject({ pageNum: 2, pageSize: 20 }));
    expect(await within(table).findByText('12.0')).toBeTruthy();
    expect(within(table).queryByText('10.0')).toBeNull();
    // a new device starts again at page 1
    await pickOption(screen.getByTestId('history-device'), '二号气象站');
    await waitFor(() => expect(lastCall(api.getParamDataList)[1]).toMatchObject({ deviceId: 12, pageNum: 1 }));
  });

  it('exports the rows on screen as CSV: the export address carries device, range and parameters', async () => {
    const csv = 'time,airTemp\n2026-11-22 08:00,21.5\n';
    const { fetch, saved, click } = stubDownload(csv, 'attachment; filename="weather.csv"');
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    // enabled once the device and its parameters are chosen
    await waitFor(() => expect(screen.getByTestId('export-csv').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await screen.findByText('已下载 weather.csv')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/merchant/terminal/data/exportParamData');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      deviceId: '11',
      keys: 'airTemp,airHumidity',
      format: 'csv',
      startTime: String(inPark().subtract(6, 'day').startOf('day').valueOf()),
      endTime: String(inPark().endOf('day').valueOf()),
      // the file's times in the zone the table showed
      timeZone: 'Asia/Shanghai',
    });
    expect(await blobText(saved[0])).toBe(csv);
    expect(click).toHaveBeenCalled();
  });

  it('with no parameter chosen, asks for one and cannot export', async () => {
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    await screen.findByTestId('history-panel');
    await pickOption(screen.getByTestId('history-params'), '空气温度');
    await pickOption(screen.getByTestId('history-params'), '空气湿度');
    expect(await screen.findByText('请选择设备和至少一个参数')).toBeTruthy();
    expect(screen.getByTestId('export-csv').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('export-xlsx').hasAttribute('disabled')).toBe(true);
  });

  it('shows loading, then the empty park and the load error', async () => {
    await expectDeviceListStates(api.getInitParamConfigList, () =>
      renderWithClient(<HistoryPanel source={{ family: 'soil' }} />),
    );
    expect(screen.getByText('设备数据加载失败')).toBeTruthy();
  });

  it('hands a failed history request to the chart and the table as an error', async () => {
    api.getSeries.mockRejectedValue(new RequestError('api', '时间范围无效', 1001));
    api.getParamDataList.mockRejectedValue(new RequestError('api', '分页参数无效', 1001));
    renderWithClient(<HistoryPanel source={{ family: 'weather' }} />);
    await waitFor(() => expect(chart.last?.error).toBe('时间范围无效'));
    fireEvent.click(within(screen.getByTestId('history-view')).getByText('表格'));
    expect(await within(screen.getByTestId('history-table')).findByText('分页参数无效')).toBeTruthy();
  });
});
