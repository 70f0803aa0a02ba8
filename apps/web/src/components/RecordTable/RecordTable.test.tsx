import type { CommandRecord, DeviceParamConfig, Paged } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import type { CommandFilter } from '../../api/commands';
import { RequestError } from '../../api/request';
import { useParkStore } from '../../stores/park';
import { pickOption } from '../../test/antd';
import { stubDownload } from '../../test/download';
import { renderWithClient } from '../../test/renderWithClient';
import RecordTable from '.';

// The server is stood in for at the API modules; the export is a real streamed download from a stubbed fetch.
const api = vi.hoisted(() => ({ getInitParamConfigList: vi.fn(), getCommandList: vi.fn() }));
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  getInitParamConfigList: api.getInitParamConfigList,
}));
vi.mock('../../api/commands', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/commands')>()),
  getCommandList: api.getCommandList,
}));

// antd's first render is slow on a busy machine; 1 s waits made tests flaky.
configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
const cabinet = (deviceId: number, deviceName: string): DeviceParamConfig => ({
  deviceId,
  serial: `EC-000${deviceId}`,
  deviceName,
  deviceClass: 'envCabinet',
  model: 'EC-4',
  online: true,
  lastReportAt: Date.now(),
  groups: [],
  params: [],
  latest: {},
});
const CABINETS = [cabinet(21, '一号温室控制柜'), cabinet(22, '二号温室控制柜')];
// 09:30 at the park (Asia/Shanghai, the default zone), whatever the zone tests run in
const T0 = Date.UTC(2026, 10, 20, 1, 30);

function record(i: number): CommandRecord {
  const failed = i % 3 === 1;
  return {
    cmdId: `cmd-${i}`,
    createdAt: T0 - i * 60_000,
    operator: i % 2 === 0 ? 'zhangsan' : 'rule:高温开风机',
    userId: i % 2 === 0 ? 5 : null,
    source: i % 2 === 0 ? 'manual' : 'rule',
    sourceRef: i % 2 === 0 ? '' : 'rule-8',
    groupId: PARK,
    deviceId: 21,
    serial: 'EC-0021',
    deviceName: '一号温室控制柜',
    deviceClass: 'envCabinet',
    name: 'setActuator',
    params: { actuator: i % 2 === 0 ? 'fan' : 'wetPad', on: i % 4 < 2 },
    state: failed ? 'failed' : 'succeeded',
    reason: failed ? '风机过载保护' : '',
    sentAt: T0 - i * 60_000 + 10,
    ackedAt: T0 - i * 60_000 + 400 + i,
    responseMs: 390 + i,
  };
}
const ALL = Array.from({ length: 45 }, (_, i) => record(i));

/** A fake server: filters by device, result and keyword (operator), pages with pageNum/pageSize. */
async function fakeList(q: CommandFilter & { pageNum: number; pageSize: number }): Promise<Paged<CommandRecord>> {
  const rows = ALL.filter(
    (r) =>
      (q.deviceId === undefined || r.deviceId === q.deviceId) &&
      (q.state === undefined || r.state === q.state) &&
      (q.keyword === undefined || r.operator.includes(q.keyword)),
  );
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: rows.slice(start, start + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize };
}
const lastQuery = () => api.getCommandList.mock.calls[api.getCommandList.mock.calls.length - 1][0];
const rowOf = (cmdId: string) => {
  const row = screen.getByTestId(`record-state-${cmdId}`).closest('tr');
  if (!row) throw new Error(`no row for ${cmdId}`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
};
const selects = () => Array.from(screen.getByTestId('record-table').querySelectorAll<HTMLElement>('.ant-select'));

describe('RecordTable', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.getInitParamConfigList.mockReset().mockResolvedValue(CABINETS);
    api.getCommandList.mockReset().mockImplementation(fakeList);
    useParkStore.setState({ activeGroupId: PARK });
  });

  it('shows who did what, on which device, with the device outcome, its reason and the response time', async () => {
    renderWithClient(<RecordTable deviceClass="envCabinet" />);
    await screen.findByText('共 45 条');
    expect(api.getCommandList).toHaveBeenCalledWith({
      groupId: PARK,
      deviceClass: 'envCabinet',
      pageNum: 1,
      pageSize: 20,
    });
    expect(rowOf('cmd-0')).toEqual([
      '2026-11-20 09:30:00',
      'zhangsan',
      '一号温室控制柜',
      '风机：开',
      '执行成功',
      '390 ms',
    ]);
    // a rule's command names the rule; a refusal shows the device's reason
    expect(rowOf('cmd-1')).toEqual([
      '2026-11-20 09:29:00',
      '自动规则“高温开风机”',
      '一号温室控制柜',
      '湿帘：开',
      '执行失败风机过载保护',
      '391 ms',
    ]);
    expect(screen.getByTestId('record-state-cmd-1').className).toMatch(/error/);
  });

  it('pages through the server', async () => {
    renderWithClient(<RecordTable deviceClass="envCabinet" />);
    await screen.findByText('共 45 条');
    expect(screen.queryByTestId('record-state-cmd-20')).toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByTestId('record-state-cmd-40');
    expect(lastQuery()).toMatchObject({ pageNum: 3, pageSize: 20 });
    expect(screen.queryByTestId('record-state-cmd-0')).toBeNull();
  });

  it('filters through the server by device, result, dates and keyword, from page 1', async () => {
    renderWithClient(<RecordTable deviceClass="envCabinet" />);
    await screen.findByText('共 45 条');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNum: 2 }));
    const [device, result] = selects();
    await pickOption(device, '一号温室控制柜');
    await pickOption(result, '执行失败');
    fireEvent.change(screen.getByPlaceholderText('操作人/设备/指令'), { target: { value: ' 高温 ' } });
    // nothing is asked until the operator searches
    expect(lastQuery()).not.toHaveProperty('state');
    fireEvent.click(screen.getByTestId('record-search'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        groupId: PARK,
        deviceClass: 'envCabinet',
        deviceId: 21,
        state: 'failed',
        keyword: '高温',
        startTime: undefined,
        endTime: undefined,
        pageNum: 1,
        pageSize: 20,
      }),
    );
    // failed and by the rule: i % 3 === 1 and odd, so 1, 7, 13, … 43
    expect(await screen.findByText('共 8 条')).toBeTruthy();
    expect(screen.getByTestId('record-state-cmd-7')).toBeTruthy();
    expect(screen.queryByTestId('record-state-cmd-4')).toBeNull();
  });

  it('sends a chosen date range as whole days', async () => {
    renderWithClient(<RecordTable deviceClass="envCabinet" />);
    await screen.findByText('共 45 条');
    const [from, to] = screen.getByTestId('record-table').querySelectorAll<HTMLInputElement>('.ant-picker input');
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    fireEvent.change(to, { target: { value: '2026-11-20' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('record-search'));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        // the park's days (Asia/Shanghai, the default zone), whatever the zone tests run in
        startTime: Date.UTC(2026, 9, 31, 16, 0, 0),
        endTime: Date.UTC(2026, 10, 20, 15, 59, 59, 999),
        pageNum: 1,
      }),
    );
  });

  it('says when there is no record, and shows a failed request in the table', async () => {
    api.getCommandList.mockResolvedValueOnce({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    const first = renderWithClient(<RecordTable deviceClass="insectLamp" />);
    expect(await screen.findByText('没有操作记录')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ deviceClass: 'insectLamp' });
    first.unmount();
    api.getCommandList.mockRejectedValueOnce(new RequestError('api', '无权查看操作记录', 1004));
    renderWithClient(<RecordTable deviceClass="insectLamp" />);
    expect(await screen.findByText('无权查看操作记录')).toBeTruthy();
  });

  it('exports the filtered record', async () => {
    const csv = 'time,operator\n2026-11-20 09:30,zhangsan\n';
    const { fetch, click } = stubDownload(csv, "attachment; filename*=UTF-8''record.csv");
    renderWithClient(<RecordTable deviceClass="envCabinet" />);
    await screen.findByText('共 45 条');
    await pickOption(selects()[1], '执行成功');
    fireEvent.click(screen.getByTestId('record-search'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ state: 'succeeded' }));
    fireEvent.click(screen.getByTestId('record-export'));
    expect(await screen.findByText('已下载 record.csv')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/merchant/command/exportCommandList');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      groupId: String(PARK),
      deviceClass: 'envCabinet',
      state: 'succeeded',
      // the file's times in the zone the table showed
      timeZone: 'Asia/Shanghai',
    });
    expect(click).toHaveBeenCalled();
  });
});
