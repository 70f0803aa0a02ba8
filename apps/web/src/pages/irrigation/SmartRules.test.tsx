import type { IrrigationZone, SmartRule } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { useParkStore } from '../../stores/park';
import { renderWithClient } from '../../test/renderWithClient';
import SmartRules, { NEW_RULE } from './SmartRules';

// The server is stood in for at the API modules; live updates are not under test.
const api = vi.hoisted(() => ({
  getSmartRuleList: vi.fn(async (): Promise<SmartRule[]> => []),
  getMachineList: vi.fn(async (): Promise<unknown[]> => []),
  getZoneList: vi.fn(async (): Promise<IrrigationZone[]> => []),
  getDecisionList: vi.fn(async () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 })),
  removeSmartRule: vi.fn(),
  saveSmartRule: vi.fn(),
}));
vi.mock('../../api/irrigation', () => api);
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  getInitParamConfigList: vi.fn(async () => []),
}));
vi.mock('../../mqtt/useIrrigationLive', () => ({ useIrrigationLive: () => {} }));
configure({ asyncUtilTimeout: 10_000 });

describe('SmartRules form', { timeout: 90_000 }, () => {
  it('an empty form shows what is missing and sends nothing (no unhandled rejection)', async () => {
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<SmartRules />);
    await waitFor(() => expect(api.getSmartRuleList).toHaveBeenCalled());
    fireEvent.click(screen.getByText('新建规则'));
    const form = await screen.findByTestId('smart-rule-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => expect(form.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(api.saveSmartRule).not.toHaveBeenCalled();
    expect(screen.getByTestId('smart-rule-form')).toBeTruthy();
  });

  it('an enabled rule is saved only after a confirmation saying what it will do', async () => {
    const rule: SmartRule = {
      ...NEW_RULE,
      ruleId: 5,
      groupId: 3,
      name: '东棚保墒',
      machineId: 7,
      machineName: '东区水肥机',
      zones: [1, 2],
      sensorId: 9,
      sensorName: '东棚墒情站',
      sensorKey: 'soilMoisture20',
      sensorValue: null,
      activeRunId: null,
    };
    api.getSmartRuleList.mockResolvedValue([rule]);
    api.getMachineList.mockResolvedValue([{ deviceId: 7, deviceName: '东区水肥机', deviceClass: 'waterFertilizer' }]);
    api.getZoneList.mockResolvedValue([
      {
        deviceId: 7,
        zoneNo: 1,
        name: '番茄东棚',
        areaPointId: null,
        areaPointName: null,
        areaM2: null,
        efficiency: null,
      },
    ]);
    api.saveSmartRule.mockResolvedValue(null);
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<SmartRules />);
    fireEvent.click(await screen.findByText('编辑'));
    const form = await screen.findByTestId('smart-rule-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect(api.getZoneList).toHaveBeenCalled());
    fireEvent.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
    const [title] = await screen.findAllByText(/确认保存智能规则/);
    const confirm = title.closest('.ant-modal') as HTMLElement;
    expect(confirm.textContent).toContain(
      '确认保存智能规则「东棚保墒」？东棚墒情站 的 soilMoisture20 低于 25% 时，东区水肥机 将自动灌溉 1区 → 番茄东棚、2区，高于 32% 或满 30 分钟 停止',
    );
    expect(api.saveSmartRule).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByText('确定执行'));
    await waitFor(() => expect(api.saveSmartRule).toHaveBeenCalledWith(expect.objectContaining({ ruleId: 5 })));
  });

  it('a deficit rule says the deficit that starts it and the wet level, and is sent with no start level', async () => {
    const rule: SmartRule = {
      ...NEW_RULE,
      mode: 'deficit',
      deficitMm: 20,
      startBelow: 0,
      stopAbove: 34,
      ruleId: 6,
      groupId: 3,
      name: '北一小麦按亏缺灌溉',
      machineId: 8,
      machineName: '大田灌溉控制器',
      zones: [1],
      sensorId: 9,
      sensorName: '北地墒情站',
      sensorKey: 'soilMoisture10',
      sensorValue: null,
      activeRunId: null,
    };
    api.getSmartRuleList.mockResolvedValue([rule]);
    api.getMachineList.mockResolvedValue([
      { deviceId: 8, deviceName: '大田灌溉控制器', deviceClass: 'irrigationController' },
    ]);
    api.getZoneList.mockResolvedValue([
      {
        deviceId: 8,
        zoneNo: 1,
        name: '北一小麦',
        areaPointId: null,
        areaPointName: null,
        areaM2: 2000,
        efficiency: 0.8,
      },
    ]);
    api.saveSmartRule.mockClear();
    api.saveSmartRule.mockResolvedValue(null);
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<SmartRules />);
    expect(await screen.findByText('亏缺 > 20 mm / 湿 ≥ 34%')).toBeTruthy();
    fireEvent.click(await screen.findByText('编辑'));
    const form = await screen.findByTestId('smart-rule-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('亏缺超过（mm）开始')).toBeTruthy();
    expect(within(dialog).queryByText('低于（%）开始')).toBeNull();
    await waitFor(() => expect(api.getZoneList).toHaveBeenCalled());
    fireEvent.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
    const [title] = await screen.findAllByText(/确认保存智能规则/);
    expect((title.closest('.ant-modal') as HTMLElement).textContent).toContain(
      '确认保存智能规则「北一小麦按亏缺灌溉」？1区 → 北一小麦 水分亏缺超过 20 mm 时，大田灌溉控制器 将按亏缺量自动灌水；北地墒情站 的 soilMoisture10 达到 34% 时视为土壤已湿，不灌',
    );
    fireEvent.click(within(title.closest('.ant-modal') as HTMLElement).getByText('确定执行'));
    await waitFor(() =>
      expect(api.saveSmartRule).toHaveBeenCalledWith(
        expect.objectContaining({
          ruleId: 6,
          mode: 'deficit',
          deficitMm: 20,
          startBelow: 0,
          stopAbove: 34,
          zones: [1],
        }),
      ),
    );
  });
});
