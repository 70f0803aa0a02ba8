import type { SmartDecision } from '@farmpark/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { confirmProgramText, confirmSmartRuleText, confirmStartText } from './confirm';
import { decisionText } from './sentences';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en-US');

describe('irrigation confirmations', () => {
  // English may load on demand
  beforeAll(() => i18n.loadLanguages('en-US'));
  it('name the machine, the zones, the amount and the recipe in each language', () => {
    const plan = {
      machine: 'DF-WF-0001',
      zones: [1, 3],
      volumeM3: 0.5,
      recipe: { tanks: { tank1: 40, tank3: 20 } },
    };
    expect(confirmStartText(en, plan)).toBe(
      'Start irrigation? DF-WF-0001: zone 1, zone 3; 0.5 m³; tank shares Tank 1 40%, Tank 3 20%',
    );
    expect(confirmStartText(zh, plan)).toBe(
      '确认开始灌溉？DF-WF-0001：1区、3区；0.5 m³；肥桶比例 1号肥桶 40%、3号肥桶 20%',
    );
    expect(
      confirmStartText(en, { machine: 'M', zones: [2], durationMin: 12, recipe: { ecTarget: 1.8, phTarget: 6 } }),
    ).toBe('Start irrigation? M: zone 2; 12 min; EC target 1.8 mS/cm, pH target 6');
    expect(confirmProgramText(zh, '早灌', { machine: 'M', zones: [4], durationMin: 5, recipe: null })).toBe(
      '确认保存程序「早灌」？M：4区；每分区 5 分钟；清水',
    );
    const rule = {
      name: 'Dry east',
      machine: 'M',
      zones: [2],
      sensor: 'S1',
      sensorKey: 'soilMoisture10',
      startBelow: 20,
      stopAbove: 30,
      maxDurationMin: 15,
    };
    expect(confirmSmartRuleText(en, rule)).toBe(
      'Save smart rule "Dry east"? When soilMoisture10 of S1 falls below 20%, M waters zone 2 on its own, until it rises above 30% or after 15 min',
    );
  });

  it('phrase the skips that keep a smart rule from short-cycling', () => {
    const d = (over: Partial<SmartDecision>): SmartDecision => ({
      id: 1,
      ruleId: 1,
      at: 40 * 60_000,
      action: 'skipped',
      reason: 'dailyRuns',
      moisture: 20,
      rainMm: null,
      runId: null,
      facts: {},
      detail: '',
      ...over,
    });
    expect(decisionText(en, d({ facts: { runsToday: 2, maxRunsPerDay: 2 } }), 'en-US')).toBe(
      '2 runs today, the cap is 2',
    );
    expect(
      decisionText(zh, d({ reason: 'dailyWater', facts: { waterTodayM3: 1.234, maxWaterPerDayM3: 1 } }), 'zh-CN'),
    ).toBe('今日已用水 1.23 m³，上限 1 m³');
    expect(
      decisionText(en, d({ reason: 'sensorStale', facts: { sensorLastAt: 5 * 60_000, staleAfterMin: 30 } }), 'en-US'),
    ).toBe('the sensor last reported 35 min ago; readings older than 30 min are not acted on');
    expect(
      decisionText(zh, d({ reason: 'sensorStale', facts: { sensorLastAt: null, staleAfterMin: 30 } }), 'zh-CN'),
    ).toBe('传感器从未上报该参数');
  });
});
