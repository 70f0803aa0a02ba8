import type { AutomationRule } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n';
import '../../../../test/jsdomShims';
import { RequestError } from '../../../../api/request';
import { pickOption } from '../../../../test/antd';
import { renderWithClient } from '../../../../test/renderWithClient';
import RuleDialog from './RuleDialog';

// The server is stood in for at the API module; the dialog and its field checks are real.
const api = vi.hoisted(() => ({ addAutomationRule: vi.fn(), alterAutomationRule: vi.fn() }));
vi.mock('../../../../api/automation', () => api);

// antd's first render is slow on a busy machine; 1 s waits made tests flaky.
configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
const CABINET = { deviceId: 21, deviceName: '一号温室控制柜' };
const RULE: AutomationRule = {
  id: 8,
  groupId: PARK,
  name: '高温开风机',
  deviceId: 21,
  deviceName: '一号温室控制柜',
  condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30, forMs: 5 * 60_000, hysteresis: 1 },
  windows: [{ start: '08:00', end: '18:00' }],
  onFire: [
    { name: 'setActuator', params: { actuator: 'fan', on: true } },
    { name: 'setActuator', params: { actuator: 'wetPad', on: true } },
  ],
  onClear: [{ name: 'setActuator', params: { actuator: 'fan', on: false } }],
  enabled: true,
  active: false,
  lastFiredAt: null,
  updatedAt: 1,
};

function renderDialog(rule: AutomationRule | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithClient(
    <RuleDialog groupId={PARK} cabinets={[CABINET]} rule={rule} open onClose={onClose} onSaved={onSaved} />,
  );
  return { onSaved, onClose };
}
const save = () => fireEvent.click(screen.getByTestId('automation-save'));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('automation RuleDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.addAutomationRule.mockReset();
    api.alterAutomationRule.mockReset();
  });

  it('adds "above 30 °C for 5 min start the fans and wet pad" as the server expects it', async () => {
    api.addAutomationRule.mockImplementation(async (b) => ({ ...RULE, ...b, id: 9 }));
    const { onSaved } = renderDialog();
    expect(await screen.findByText('新增自动控制规则')).toBeTruthy();
    type('automation-name', '高温开风机');
    await pickOption(screen.getByTestId('automation-key'), '空气温度 (°C)');
    type('automation-value', '30');
    type('automation-for', '5');
    await pickOption(screen.getByTestId('automation-fire-on'), '风机');
    await pickOption(screen.getByTestId('automation-fire-on'), '湿帘');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.addAutomationRule).toHaveBeenCalledWith({
      groupId: PARK,
      name: '高温开风机',
      // the only cabinet of the park is chosen already
      deviceId: 21,
      condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30, forMs: 300_000, hysteresis: 0.5 },
      windows: [],
      onFire: RULE.onFire,
      onClear: [],
      enabled: true,
    });
    expect(api.alterAutomationRule).not.toHaveBeenCalled();
  });

  it('names each missing field and sends nothing', async () => {
    renderDialog();
    await screen.findByText('新增自动控制规则');
    save();
    expect(await screen.findByText('请填写规则名称')).toBeTruthy();
    expect(screen.getByText('请填写参数')).toBeTruthy();
    expect(screen.getByText('请填写限值')).toBeTruthy();
    expect(screen.getByText('请至少选择一个触发时要开关的执行设备')).toBeTruthy();
    expect(api.addAutomationRule).not.toHaveBeenCalled();
  });

  it('refuses an actuator both switched on and off, a half time window and a bad time', async () => {
    // this rule switches the fan on when it clears; switching it off then too is a contradiction
    renderDialog({ ...RULE, onClear: [{ name: 'setActuator', params: { actuator: 'fan', on: true } }] });
    await screen.findByText('编辑自动控制规则');
    await pickOption(screen.getByTestId('automation-clear-off'), '风机');
    const form = screen.getByTestId('automation-form');
    fireEvent.change(within(form).getByPlaceholderText('18:00'), { target: { value: '' } });
    fireEvent.change(within(form).getByPlaceholderText('08:00'), { target: { value: '8:00' } });
    save();
    expect((await screen.findAllByText('同一执行设备不能同时开启和关闭')).length).toBeGreaterThan(0);
    expect(screen.getByText('请使用 HH:mm 格式，例如 08:00')).toBeTruthy();
    fireEvent.change(within(form).getByPlaceholderText('08:00'), { target: { value: '08:00' } });
    save();
    expect(await screen.findByText('生效时段需同时填写开始和结束，或都不填')).toBeTruthy();
    expect(api.alterAutomationRule).not.toHaveBeenCalled();
  });

  it('edits a rule from its saved values and sends its id', async () => {
    api.alterAutomationRule.mockImplementation(async (b) => ({ ...RULE, ...b }));
    const { onSaved } = renderDialog(RULE);
    await screen.findByText('编辑自动控制规则');
    expect((screen.getByTestId('automation-name') as HTMLInputElement).value).toBe('高温开风机');
    expect((screen.getByTestId('automation-value') as HTMLInputElement).value).toBe('30');
    expect((screen.getByTestId('automation-for') as HTMLInputElement).value).toBe('5');
    type('automation-value', '32');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.alterAutomationRule).toHaveBeenCalledWith({
      id: 8,
      groupId: PARK,
      name: '高温开风机',
      deviceId: 21,
      condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 32, forMs: 300_000, hysteresis: 1 },
      windows: [{ start: '08:00', end: '18:00' }],
      onFire: RULE.onFire,
      onClear: RULE.onClear,
      enabled: true,
    });
  });

  it('shows the server refusal in the dialog and stays open', async () => {
    api.alterAutomationRule.mockRejectedValue(new RequestError('api', '控制柜 EC-0021 不支持该指令', 1001));
    const { onSaved } = renderDialog(RULE);
    await screen.findByText('编辑自动控制规则');
    save();
    expect((await screen.findByTestId('automation-refusal')).textContent).toContain('控制柜 EC-0021 不支持该指令');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
