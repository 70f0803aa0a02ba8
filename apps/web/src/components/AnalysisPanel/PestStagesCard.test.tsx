import type { FarmWorkOptions, HarvestEffect, PestStages } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import '../../test/jsdomShims';
import { useAppStore } from '../../stores/app';
import { pickOption } from '../../test/antd';
import { renderWithClient } from '../../test/renderWithClient';
import { setViewportWidth } from '../../test/viewport';
import { signIn } from './agronomyFixtures';
import PestStagesCard from './PestStagesCard';

const server = vi.hoisted(() => ({
  getPestStages: vi.fn(),
  setBiofix: vi.fn(),
  clearBiofix: vi.fn(),
  getSprayPlanEffect: vi.fn(),
  acceptSprayWindow: vi.fn(),
}));
vi.mock('../../api/agronomy', () => server);
const production = vi.hoisted(() => ({ getFarmWorkOptions: vi.fn() }));
vi.mock('../../api/production', () => production);

configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
const MOTH = 9;
const stage = (key: string, ddF: number, ddC: number, reachedOn: string | null, forecastOn: string | null) => ({
  key,
  ddF,
  ddC,
  reachedOn,
  forecastOn,
});
/** The server's answer five days after a biofix set by the traps, 10 °C·d a day (as biofix.test.ts). */
const STAGES: PestStages = {
  category: { categoryId: MOTH, code: 'cydia_pomonella', name: '苹果蠹蛾' },
  seasonStart: '2026-03-01',
  asOf: '2026-05-14',
  trapBiofix: { date: '2026-05-10', deviceId: 4, deviceName: '果园测报灯', counts: [2, 1] },
  biofix: { date: '2026-05-10', source: 'traps', trapOnWhenSaved: null, updatedAt: null },
  sumSinceBiofix: 50,
  tableSource: 'UC IPM codling moth degree-day model',
  stages: [
    stage('firstEggHatch', 250, 138.89, null, '2026-05-23'),
    stage('hatch20', 350, 194.44, null, '2026-05-29'),
    stage('peakLaying', 550, 305.56, null, '2026-06-09'),
    stage('secondGeneration', 1060, 588.89, null, '2026-07-08'),
    stage('secondHatch', 1250, 694.44, null, '2026-07-19'),
  ],
  forecast: {
    method: 'recentMean',
    recentDays: 7,
    meanDd: 10,
    nextStage: 'firstEggHatch',
    remainingDd: 88.89,
    daysAhead: 9,
    on: '2026-05-23',
    gap: null,
  },
  sprayWindows: [
    {
      key: 'firstGenerationHatch',
      fromStage: 'firstEggHatch',
      toStage: 'hatch20',
      fromDdC: 138.89,
      toDdC: 194.44,
      opensOn: '2026-05-23',
      closesOn: '2026-05-29',
      state: 'ahead',
    },
  ],
};
const OPTIONS = {
  plots: [{ id: 21, name: '东区果园' }],
  plantings: [{ id: 31, areaPointId: 21, label: '苹果 · 东区果园', status: 'growing' }],
  people: [],
  machinery: [],
  materials: [
    { id: 41, kind: 'pesticide', name: '氯虫苯甲酰胺', spec: '', unit: 'L', stock: 5, safetyDays: 14 },
    { id: 42, kind: 'fertiliser', name: '尿素', spec: '', unit: 'kg', stock: 50, safetyDays: 0 },
  ],
} as FarmWorkOptions;
const EFFECTS: HarvestEffect[] = [
  {
    plantingId: 31,
    cropName: '苹果',
    areaPointName: '东区果园',
    expectedHarvestOn: '2026-06-01',
    block: { pesticide: '氯虫苯甲酰胺', sprayedOn: '2026-05-23', firstDay: '2026-06-06' },
  },
];
const card = () => screen.getByTestId('pest-stages');

describe('PestStagesCard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    server.getPestStages.mockReset().mockResolvedValue(STAGES);
    server.setBiofix.mockReset().mockResolvedValue({});
    server.clearBiofix.mockReset().mockResolvedValue({});
    server.getSprayPlanEffect.mockReset().mockResolvedValue(EFFECTS);
    server.acceptSprayWindow.mockReset().mockResolvedValue({ id: 77, effects: EFFECTS });
    production.getFarmWorkOptions.mockReset().mockResolvedValue(OPTIONS);
    signIn(['/outdoorsEquipment/worm', '/productionManagement/farmWork']);
  });
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    useAppStore.setState({ device: 'desktop' });
    setViewportWidth(1440);
  });

  it('shows the traps’ biofix, the stages and the forecast with its method; confirms the biofix', async () => {
    renderWithClient(<PestStagesCard groupId={PARK} categoryId={MOTH} />);
    await waitFor(() => expect(card().textContent).toContain('生物学起点：2026-05-10 · 由诱捕设备判定，尚未确认'));
    expect(server.getPestStages).toHaveBeenCalledWith({ groupId: PARK, categoryId: MOTH });
    expect(card().textContent).toContain('2026-05-10 起连续两次检查诱到，果园测报灯（2 头，随后 1 头）');
    expect(screen.getByTestId('stage-list').textContent).toContain(
      '始孵期 · 138.89 °C·d（250 °F·d） · 预计 2026-05-23',
    );
    expect(screen.getByTestId('stage-forecast').textContent).toBe(
      '下一阶段：始孵期，预计 2026-05-23：尚差 88.89 °C·d ÷ 近 7 天日均 10 °C·d ≈ 9 天',
    );
    expect(screen.getByTestId('spray-window').textContent).toBe(
      '施药窗口（第一代卵孵化）：2026-05-23 至 2026-05-29（未到）',
    );
    fireEvent.click(screen.getByTestId('biofix-confirm'));
    await waitFor(() =>
      expect(server.setBiofix).toHaveBeenCalledWith({ groupId: PARK, categoryId: MOTH, biofixOn: '2026-05-10' }),
    );
    await waitFor(() => expect(server.getPestStages).toHaveBeenCalledTimes(2));
  });

  it('on a phone, plans a spraying in the window and shows the planned harvest it holds back', async () => {
    setViewportWidth(390);
    useAppStore.setState({ device: 'mobile' });
    renderWithClient(<PestStagesCard groupId={PARK} categoryId={MOTH} />);
    fireEvent.click(await screen.findByTestId('spray-plan'));
    await pickOption(await screen.findByTestId('spray-plot'), '东区果园');
    await pickOption(screen.getByTestId('spray-material'), '氯虫苯甲酰胺（库存 5 L，安全间隔期 14 天）');
    const preview = await screen.findByTestId('spray-preview');
    await waitFor(() =>
      expect(preview.textContent).toContain(
        '苹果，东区果园：计划采收 2026-06-01 在氯虫苯甲酰胺安全间隔期内，最早 2026-06-06 可采收',
      ),
    );
    expect(server.getSprayPlanEffect).toHaveBeenLastCalledWith({
      groupId: PARK,
      areaPointId: 21,
      plantingId: null,
      plannedOn: '2026-05-23',
      materialIds: [41],
    });
    // the fertiliser is no choice for a spray
    expect(document.querySelector('.ant-select-item-option[title^="尿素"]')).toBeNull();
    const quantity = screen.getByTestId('spray-quantity');
    fireEvent.change(quantity.tagName === 'INPUT' ? quantity : (quantity.querySelector('input') as HTMLElement), {
      target: { value: '1.5' },
    });
    // the dialog takes the whole phone screen
    expect((document.querySelector('.ant-modal') as HTMLElement).style.maxWidth).toBe('100vw');
    fireEvent.click(screen.getByTestId('spray-save'));
    await waitFor(() =>
      expect(server.acceptSprayWindow).toHaveBeenCalledWith({
        groupId: PARK,
        categoryId: MOTH,
        windowKey: 'firstGenerationHatch',
        areaPointId: 21,
        plantingId: null,
        plannedOn: '2026-05-23',
        materials: [{ materialId: 41, quantity: 1.5 }],
        notes: '苹果蠹蛾，第一代卵孵化（2026-05-23 至 2026-05-29）',
      }),
    );
    const accepted = await screen.findByTestId('spray-accepted');
    expect(accepted.textContent).toContain('已保存计划施药（农事 77）');
    expect(accepted.textContent).toContain('最早 2026-06-06 可采收');
  });

  it('speaks English: a moved biofix, going back to the traps, and no forecast without recent heat', async () => {
    await i18n.changeLanguage('en-US');
    server.getPestStages.mockResolvedValue({
      ...STAGES,
      biofix: { date: '2026-05-12', source: 'moved', trapOnWhenSaved: '2026-05-10', updatedAt: 1 },
      forecast: { ...STAGES.forecast, meanDd: 0, nextStage: 'firstEggHatch', daysAhead: null, on: null, gap: 'noHeat' },
      stages: STAGES.stages.map((s) => ({ ...s, forecastOn: null })),
      sprayWindows: [{ ...STAGES.sprayWindows[0], opensOn: null, closesOn: null }],
    });
    renderWithClient(<PestStagesCard groupId={PARK} categoryId={MOTH} />);
    await waitFor(() =>
      expect(screen.getByTestId('biofix').textContent).toBe(
        'Biofix: 2026-05-12 · moved by hand (the traps said 2026-05-10)',
      ),
    );
    expect(screen.getByTestId('stage-forecast').textContent).toBe('No forecast: no degree days in the last 7 days');
    expect(screen.getByTestId('spray-window').textContent).toBe(
      'Spray window, first generation egg hatch: — to — (ahead)',
    );
    // no day to plan in: no button
    expect(screen.queryByTestId('spray-plan')).toBeNull();
    expect(screen.queryByTestId('biofix-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('biofix-clear'));
    await waitFor(() => expect(server.clearBiofix).toHaveBeenCalledWith({ groupId: PARK, categoryId: MOTH }));
  });

  it('lets a reader without the pest or farm work pages look, not change', async () => {
    signIn(['/outdoorsEquipment/weatherWatches']);
    renderWithClient(<PestStagesCard groupId={PARK} categoryId={MOTH} />);
    await waitFor(() => expect(card().textContent).toContain('生物学起点：2026-05-10'));
    expect(screen.queryByTestId('biofix-confirm')).toBeNull();
    expect(screen.queryByTestId('biofix-move')).toBeNull();
    expect(screen.queryByTestId('spray-plan')).toBeNull();
  });
});
