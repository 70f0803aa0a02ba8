import type { Park, ReportListItem, ReportSettings } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import '../../../test/jsdomShims';
import { useParkStore } from '../../../stores/park';
import { renderWithClient } from '../../../test/renderWithClient';
import { setViewportWidth } from '../../../test/viewport';
import ReportsTab from './ReportsTab';

// The server is stood in for at the API module (reports.test.ts covers building, sending and the numbers).
const api = vi.hoisted(() => ({ getReportSettings: vi.fn(), saveReportSettings: vi.fn(), getReportList: vi.fn() }));
vi.mock('../../../api/reports', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/reports')>()),
  ...api,
}));
configure({ asyncUtilTimeout: 10_000 });

const settings = (s: Partial<ReportSettings> = {}): ReportSettings => ({
  groupId: 5,
  enabled: true,
  frequency: 'weekly',
  weekday: 1,
  sendHour: 8,
  contactIds: [3],
  timeZone: 'Asia/Shanghai',
  canEdit: true,
  contacts: [{ id: 3, name: '值班员 王工', email: 'wang@example.com', lang: 'zh' }],
  ...s,
});
const report: ReportListItem = {
  id: 7,
  frequency: 'weekly',
  from: '2026-11-16',
  to: '2026-11-22',
  createdAt: Date.parse('2026-11-23T00:00:00Z'),
  files: [],
  deliveries: [
    { contactName: '值班员 王工', target: 'wang@example.com', lang: 'zh', state: 'sent', attempts: 1, lastError: '' },
  ],
  summary: {
    parkName: '示范园区',
    timeZone: 'Asia/Shanghai',
    frequency: 'weekly',
    from: '2026-11-16',
    to: '2026-11-22',
    alarms: [{ severity: 'warning', raised: 4, acknowledged: 3 }],
    water: [{ deviceId: 1, deviceName: '水肥机', zone: 1, waterM3: 12.5, runs: 3 }],
    pests: [{ categoryId: 2, name: '苹果蠹蛾', kind: 'insect', count: 9 }],
    stages: [],
    offline: [],
    harvests: [],
    batches: [],
  },
};

describe('alarm settings: scheduled reports', { timeout: 30_000 }, () => {
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    useParkStore.setState({ parks: [{ groupId: 5, groupName: '示范园区' } as Park], activeGroupId: 5 });
  });
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('on a phone, an administrator changes the schedule and opens last week’s report in either language', async () => {
    setViewportWidth(390);
    api.getReportSettings.mockResolvedValue(settings());
    api.getReportList.mockResolvedValue({ list: [report], total: 1, pageNum: 1, pageSize: 10 });
    api.saveReportSettings.mockResolvedValue(null);
    renderWithClient(<ReportsTab />);

    const item = await screen.findByTestId('report-7');
    expect(item.textContent).toContain('周报 · 2026-11-16 ~ 2026-11-22');
    expect(item.textContent).toContain('告警 4 条 · 用水 12.500 m³ · 捕获 9 · 离线设备 0 台');
    expect(within(item).getByText('值班员 王工 · 已发送')).toBeTruthy();
    expect(within(item).getByTestId('report-7-zh-pdf').getAttribute('href')).toBe(
      '/api/merchant/reports/getReportFile?id=7&kind=pdf&lang=zh',
    );
    expect(within(item).getByTestId('report-7-en-xlsx').getAttribute('href')).toBe(
      '/api/merchant/reports/getReportFile?id=7&kind=xlsx&lang=en',
    );

    // daily: no weekday to choose
    expect(screen.getByText('星期')).toBeTruthy();
    fireEvent.click(screen.getByText('日报'));
    await waitFor(() => expect(screen.queryByText('星期')).toBeNull());
    fireEvent.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(api.saveReportSettings).toHaveBeenCalled());
    expect(api.saveReportSettings.mock.calls[0][0]).toEqual({
      groupId: 5,
      enabled: true,
      frequency: 'daily',
      sendHour: 8,
      contactIds: [3],
    });
  });

  it('in English, shows another user the schedule read-only and says when there is no report yet', async () => {
    await i18n.changeLanguage('en-US');
    setViewportWidth(1440);
    api.getReportSettings.mockResolvedValue(settings({ canEdit: false }));
    api.getReportList.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    renderWithClient(<ReportsTab />);
    expect((await screen.findByTestId('reports-empty')).textContent).toContain('No report yet');
    expect(screen.getByText('Only an administrator may change the schedule')).toBeTruthy();
    expect(screen.queryByTestId('report-save')).toBeNull();
  });

  it('says the reports could not be loaded and loads them again on refresh', async () => {
    await i18n.changeLanguage('en-US');
    api.getReportSettings.mockResolvedValue(settings());
    api.getReportList.mockRejectedValueOnce(new Error('down'));
    api.getReportList.mockResolvedValue({ list: [report], total: 1, pageNum: 1, pageSize: 10 });
    renderWithClient(<ReportsTab />);
    expect(await screen.findByText('The reports could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByText('Refresh'));
    expect((await screen.findByTestId('report-7')).textContent).toContain('Weekly report · 2026-11-16 ~ 2026-11-22');
  });
});
