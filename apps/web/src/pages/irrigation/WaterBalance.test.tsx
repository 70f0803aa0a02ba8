import type { IrrigationZone, WaterBalanceDay, ZoneWaterBalance } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import '../../test/jsdomShims';
import { useParkStore } from '../../stores/park';
import { renderWithClient } from '../../test/renderWithClient';
import WaterBalance, { balanceOption } from './WaterBalance';

// The server is stood in for at the API module.
const api = vi.hoisted(() => ({
  getMachineList: vi.fn(async () => [
    { deviceId: 7, deviceName: '大田灌溉控制器', deviceClass: 'irrigationController' },
  ]),
  getZoneList: vi.fn(
    async (): Promise<IrrigationZone[]> => [
      {
        deviceId: 7,
        zoneNo: 2,
        name: '北二玉米',
        areaPointId: 4,
        areaPointName: '北二地块',
        areaM2: null,
        efficiency: null,
      },
    ],
  ),
  getZoneWaterBalance: vi.fn(),
  zoneWaterBalanceUrl: vi.fn((q: Record<string, unknown>) => `/x?format=${q.format}`),
}));
vi.mock('../../api/irrigation', () => api);
configure({ asyncUtilTimeout: 10_000 });

const day = (date: string, over: Partial<WaterBalanceDay> = {}): WaterBalanceDay => ({
  date,
  stageName: '分蘖期',
  kc: 0.7,
  et0Mm: 2,
  etcMm: 1.4,
  rainMm: 0,
  effectiveRainMm: 0,
  appliedM3: 0,
  appliedMm: 0,
  netIrrigationMm: 0,
  soilMoisture: 24.5,
  deficitMm: 1.4,
  ...over,
});
const BALANCE: ZoneWaterBalance = {
  deviceId: 7,
  zoneNo: 2,
  zoneName: '北二玉米',
  areaM2: 2000,
  areaSource: 'zone',
  efficiency: 0.9,
  station: { deviceId: 1, deviceName: '基地气象站' },
  sensor: null,
  missing: [],
  days: [day('2026-11-27'), day('2026-11-28', { rainMm: 15, effectiveRainMm: 8, deficitMm: 0 })],
};

describe('WaterBalance', { timeout: 90_000 }, () => {
  it('asks for the first named zone over 30 days, draws demand, rain, water and deficit, and lists the days', async () => {
    api.getZoneWaterBalance.mockResolvedValue(BALANCE);
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<WaterBalance deviceClass="irrigationController" />);
    const table = await screen.findByTestId('water-balance-table');
    const q = api.getZoneWaterBalance.mock.calls.at(-1)?.[0] as Record<string, string | number>;
    expect(q).toMatchObject({ groupId: 3, deviceId: 7, zoneNo: 2 });
    const days = (Date.parse(String(q.to)) - Date.parse(String(q.from))) / 86_400_000 + 1;
    expect(days).toBe(30);
    // newest first, with the numbers as answered
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('2026-11-28');
    expect(rows[0].textContent).toContain('15');
    expect(rows[0].textContent).toContain('8');
    expect(screen.getByText(/面积 2000 m²（分区设定），灌水效率 90%；气象站 基地气象站/)).toBeTruthy();
    expect(screen.getByTestId('water-balance-csv')).toBeTruthy();

    const option = balanceOption(BALANCE.days, { demand: 'ETc', rain: 'rain', applied: 'water', deficit: 'deficit' });
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['ETc', 'bar', [1.4, 1.4]],
      ['rain', 'bar', [0, 8]],
      ['water', 'bar', [0, 0]],
      ['deficit', 'line', [1.4, 0]],
    ]);
  });

  it('says what is missing, in English too, and offers a retry when loading fails', async () => {
    await i18n.changeLanguage('en-US');
    api.getZoneWaterBalance.mockResolvedValue({ ...BALANCE, areaM2: null, areaSource: null, missing: ['area'] });
    useParkStore.setState({ activeGroupId: 3 });
    const { unmount } = renderWithClient(<WaterBalance deviceClass="irrigationController" />);
    expect(await screen.findByText(/The zone has no area/)).toBeTruthy();
    unmount();
    api.getZoneWaterBalance.mockRejectedValue(new Error('down'));
    renderWithClient(<WaterBalance deviceClass="irrigationController" />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The water balance could not be loaded')).toBeTruthy();
    api.getZoneWaterBalance.mockResolvedValue({ ...BALANCE, days: [] });
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByText('No data for these days')).toBeTruthy());
    await i18n.changeLanguage('zh-CN');
  });
});
