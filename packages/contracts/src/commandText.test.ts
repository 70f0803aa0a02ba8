import { describe, expect, it } from 'vitest';
import { commandText } from './commandText';

describe('commandText', () => {
  it('phrases irrigation commands with zone names, amounts and recipes in both languages', () => {
    const names = new Map([[1, '番茄东棚']]);
    const start = { zones: [1, 2], durationMin: 10, recipe: { tanks: { tank1: 20, tank4: 5 } } };
    expect(commandText('startIrrigation', start, 'zh', names)).toBe(
      '开始灌溉：1区 → 番茄东棚、2区；10 分钟；肥桶比例 1号肥桶 20%、酸桶 5%',
    );
    expect(commandText('startIrrigation', start, 'en', names)).toBe(
      'Start irrigation: Zone 1 → 番茄东棚, Zone 2; 10 min; tank shares Tank 1 20%, Acid tank 5%',
    );
    expect(commandText('startIrrigation', { zones: [3], volumeM3: 0.5, recipe: { ecTarget: 1.8 } }, 'en')).toBe(
      'Start irrigation: Zone 3; 0.5 m³; EC target 1.8 mS/cm',
    );
    expect(commandText('stopIrrigation', {}, 'zh')).toBe('停止灌溉');
    expect(commandText('setValve', { valve: 2, on: true }, 'zh')).toBe('2号阀门：开');
    expect(commandText('setValve', { valve: 2, on: false }, 'en')).toBe('Valve 2: off');
    expect(commandText('setStirrer', { tank: 'tank2', on: true }, 'zh')).toBe('2号肥桶搅拌：开');
  });

  it('phrases greenhouse, lamp and trap commands; Chinese never says ON/OFF', () => {
    expect(commandText('setActuator', { actuator: 'fan', on: true }, 'zh')).toBe('风机：开');
    expect(commandText('setMode', { actuator: 'topVent', mode: 'auto' }, 'zh')).toBe('顶窗：切换为自动模式');
    expect(commandText('setMode', { mode: 'manual' }, 'en')).toBe('Switch to manual mode');
    expect(commandText('setLamp', { on: false }, 'zh')).toBe('杀虫灯：关');
    expect(commandText('setWorkPeriod', { start: '20:00', end: '04:00' }, 'zh')).toBe('工作时段：20:00–04:00');
    expect(commandText('setPhotoInterval', { minutes: 30 }, 'en')).toBe('Photo interval: every 30 min');
    expect(commandText('photograph', {}, 'zh')).toBe('立即拍照');
    for (const lang of ['zh', 'en'] as const)
      expect(commandText('setPump', { on: true }, lang)).not.toMatch(/ON|OFF|true|\{/);
  });

  it('says an unknown command and its parameters in words, never as JSON', () => {
    const text = commandText('calibrate', { probe: 2, deep: true, at: { x: 1 } }, 'zh');
    expect(text).toBe('calibrate：probe 2；deep 开；at x 1');
    expect(text).not.toMatch(/[{}"]/);
  });
});
