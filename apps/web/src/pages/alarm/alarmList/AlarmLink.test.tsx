import type { AlarmDetail } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import '../../../test/jsdomShims';
import { renderWithClient } from '../../../test/renderWithClient';
import { setViewportWidth } from '../../../test/viewport';
import AlarmListPage from '.';

// The server is stood in for at the API modules; the live feed is not part of this.
const api = vi.hoisted(() => ({ getAlarmList: vi.fn(), getAlarmDetail: vi.fn(), ackAlarm: vi.fn() }));
vi.mock('../../../api/alarms', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/alarms')>()),
  ...api,
}));
vi.mock('../../../api/video', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/video')>()),
  getAlarmSnapshots: vi.fn(async () => []),
}));
vi.mock('../../../mqtt/useAlarmFeed', () => ({ useAlarmFeed: () => {} }));
configure({ asyncUtilTimeout: 10_000 });

const DETAIL: AlarmDetail = {
  id: 7,
  groupId: 1,
  groupName: '一号园区',
  ruleId: 3,
  ruleName: '大风提醒',
  deviceId: 11,
  deviceName: '气象站',
  serial: 'DF-WS-0001',
  key: 'windSpeed',
  condition: { kind: 'threshold', key: 'windSpeed', op: 'above', value: 5, forMs: 0, hysteresis: 0.8 },
  severity: 'info',
  value: 6.2,
  state: 'active',
  raisedAt: 1_764_000_000_000,
  ackedAt: null,
  ackedBy: '',
  ackComment: '',
  clearedAt: null,
  clearedValue: null,
  notifyCount: 1,
  deliveries: [
    {
      id: 40,
      contactId: 2,
      contactName: '值班群',
      channel: 'webhook',
      target: 'http://127.0.0.1:2527/feishu/farmpark',
      event: 'raised',
      state: 'sent',
      attempts: 1,
      lastError: '',
      createdAt: 1_764_000_000_000,
      nextAt: 1_764_000_000_000,
      sentAt: 1_764_000_005_000,
      digestId: 38,
    },
  ],
};

describe("a bot card's link", { timeout: 30_000 }, () => {
  it('opens the alarm on the records page, shows it went in a digest, and acknowledges it there', async () => {
    setViewportWidth(1440);
    api.getAlarmList.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    api.getAlarmDetail.mockResolvedValueOnce(DETAIL);
    api.ackAlarm.mockResolvedValue({ acknowledged: 1 });
    renderWithClient(
      <MemoryRouter initialEntries={['/alarm/alarmList?id=7']}>
        <AlarmListPage />
      </MemoryRouter>,
    );
    const drawer = await screen.findByTestId('alarm-detail');
    await within(drawer).findByText('大风提醒');
    expect(api.getAlarmDetail).toHaveBeenCalledWith(7);
    expect(within(drawer).getByTestId('in-digest').textContent).toBe('汇总发送');

    api.getAlarmDetail.mockResolvedValueOnce({
      ...DETAIL,
      state: 'acknowledged',
      ackedAt: 1_764_000_100_000,
      ackedBy: '王工',
    });
    fireEvent.click(screen.getByTestId('detail-ack'));
    fireEvent.change(await screen.findByTestId('ack-comment'), { target: { value: '已到现场' } });
    fireEvent.click(screen.getByTestId('ack-confirm'));
    await waitFor(() => expect(api.ackAlarm).toHaveBeenCalledWith([7], '已到现场'));
    // the record reloads as acknowledged, and offers no second acknowledgement
    await within(await screen.findByTestId('alarm-detail')).findByText('王工');
    expect(screen.queryByTestId('detail-ack')).toBeNull();
  });
});
