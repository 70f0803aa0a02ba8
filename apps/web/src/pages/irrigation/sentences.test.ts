import type { IrrigationRun, SmartDecision } from '@farmpark/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { decisionText, runOperatorText, runReasonText } from './sentences';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en-US');
// English may load on demand
beforeAll(() => i18n.loadLanguages('en-US'));

const run = (over: Partial<IrrigationRun>): IrrigationRun => ({
  runId: 7,
  groupId: 1,
  deviceId: 3,
  deviceName: 'DF-SI-0001',
  serial: 'DF-SI-0001',
  deviceClass: 'smartIrrigation',
  zones: [1],
  durationMin: 20,
  volumeM3: null,
  recipe: null,
  trigger: 'manual',
  triggerRef: '',
  triggerName: '',
  operator: 'demo',
  state: 'stopped',
  createdAt: 0,
  startedAt: 0,
  endedAt: 1,
  waterM3: 0.42,
  fertiliser: [],
  endCode: null,
  endValue: null,
  stopReason: null,
  reason: '',
  startCmdId: 'c',
  stopCmdId: null,
  ...over,
});

const decision = (over: Partial<SmartDecision>): SmartDecision => ({
  id: 1,
  ruleId: 2,
  at: 0,
  action: 'started',
  reason: 'belowStart',
  moisture: 25.84,
  rainMm: null,
  runId: 7,
  facts: {},
  detail: '',
  ...over,
});

describe('running record texts', () => {
  it('phrases why a run ended in each language, with its numbers', () => {
    const early = run({ endCode: 'endedEarlyTime', endValue: 5.5 });
    expect(runReasonText(zh, early)).toBe('设备提前结束：运行 5.5 / 20 分钟');
    expect(runReasonText(en, early)).toBe('Ended early at the machine after 5.5 of 20 min');
    const bySmart = run({ endCode: 'stopRequested', stopReason: 'aboveStop', stopCmdId: 's' });
    expect(runReasonText(zh, bySmart)).toBe('智能规则停止：墒情已达停止值');
    expect(runReasonText(en, run({ endCode: 'stopRequested', stopReason: 'operator' }))).toBe(
      'Stopped by the operator',
    );
    expect(runReasonText(en, run({ state: 'done' }))).toBe('');
  });

  it('passes a machine’s own words through as it sent them', () => {
    const refused = run({ state: 'failed', endCode: 'startRefused', reason: '阀门3故障' });
    expect(runReasonText(en, refused)).toBe('The machine refused the start; the machine said: 阀门3故障');
    expect(runReasonText(zh, refused)).toBe('设备拒绝启动，设备回复：阀门3故障');
  });

  it('names a person as operator only for manual runs', () => {
    expect(runOperatorText(en, run({}))).toBe('demo');
    const program = run({ trigger: 'program', triggerName: '早间水肥', operator: 'program:早间水肥' });
    expect(runOperatorText(en, program)).toBe('System');
    expect(runOperatorText(zh, program)).toBe('系统');
  });
});

describe('decision log texts', () => {
  it('says what the rule saw and did, from the stored facts', () => {
    const started = decision({ facts: { threshold: 26, zones: [1, 2], maxDurationMin: 10 } });
    expect(decisionText(zh, started, 'zh-CN')).toBe('墒情 25.8% 低于 26%：1区、2区 开始灌溉，最长 10 分钟');
    expect(decisionText(en, started, 'en-US')).toBe(
      'Moisture 25.8 % below 26 %: zone 1, zone 2 watered for at most 10 min',
    );
    // named zones read by their names, as everywhere else
    const names = new Map([[1, '彩椒滴灌区']]);
    expect(decisionText(zh, started, 'zh-CN', names)).toBe(
      '墒情 25.8% 低于 26%：1区 → 彩椒滴灌区、2区 开始灌溉，最长 10 分钟',
    );
    const rain = decision({
      action: 'skipped',
      reason: 'raining',
      rainMm: 12.25,
      runId: null,
      facts: { rainLimitMm: 10, rainHours: 24 },
    });
    expect(decisionText(en, rain, 'en-US')).toBe('12.3 mm of rain in the last 24 h, more than 10 mm');
    const ended = decision({
      action: 'stopped',
      reason: 'maxDuration',
      moisture: null,
      facts: { waterM3: 0.456, maxDurationMin: 10 },
    });
    expect(decisionText(zh, ended, 'zh-CN')).toBe('已达最长 10 分钟；用水 0.46 m³');
    const busy = decision({ action: 'skipped', reason: 'busy', runId: null, facts: { startedAtMachine: true } });
    expect(decisionText(en, busy, 'en-US')).toBe('The machine is running by itself (started at the machine)');
  });

  it('shows a server refusal in the reader’s language and an old row without facts as nothing', () => {
    const refused = decision({
      action: 'failed',
      reason: 'commandFailed',
      facts: { error: { code: 1001, zh: '分区 9 不存在', en: 'zones: zone 9 does not exist' } },
    });
    expect(decisionText(zh, refused, 'zh-CN')).toBe('分区 9 不存在');
    expect(decisionText(en, refused, 'en-US')).toBe('zones: zone 9 does not exist');
    expect(decisionText(en, decision({}), 'en-US')).toBe('');
  });

  it('says which pump limit held a smart start back and when it may start, in the reader’s language', () => {
    const held = decision({
      action: 'skipped',
      reason: 'pumpProtection',
      facts: {
        pump: { limit: 'maxStartsPerHour', value: 6, earliestAt: 1 },
        error: {
          code: 1006,
          zh: '水泵保护：智能灌溉机 未启动，水泵每小时最多启动 6 次（每小时最多启动次数），最早 14:32（12 分钟后）可启动',
          en: 'Pump protection: 智能灌溉机 not started: the pump starts at most 6 times an hour (most starts per hour); it may start at 14:32 (in 12 min)',
        },
      },
    });
    expect(decisionText(zh, held, 'zh-CN')).toContain('每小时最多启动 6 次');
    expect(decisionText(en, held, 'en-US')).toContain('may start at 14:32 (in 12 min)');
    expect(zh('irr.why.pumpProtection')).toBe('水泵保护');
    expect(en('irr.why.pumpProtection')).toBe('pump protection');
  });

  it('says a deficit start and a rain skip with their numbers, in both languages', () => {
    const numbers = { deficitMm: 18.4, deficitLimitMm: 15, areaM2: 1000, efficiency: 0.9, volumeM3: 20.5, zones: [1] };
    const start = decision({ action: 'started', reason: 'deficitStart', moisture: null, facts: numbers });
    const names = new Map([[1, '北一小麦']]);
    expect(decisionText(zh, start, 'zh-CN', names)).toBe(
      '1区 → 北一小麦 水分亏缺 18.4 mm，超过 15 mm：按 1000 m²、灌水效率 90% 灌水 20.5 m³',
    );
    expect(decisionText(en, start, 'en-US', names)).toBe(
      'Deficit of 18.4 mm in zone 1 → 北一小麦, more than 15 mm: 20.5 m³ applied over 1000 m² at 90 % efficiency',
    );
    const rain = decision({
      action: 'skipped',
      reason: 'raining',
      rainMm: 12.3,
      facts: { ...numbers, rainLimitMm: 10, rainHours: 24 },
    });
    expect(decisionText(zh, rain, 'zh-CN')).toBe(
      '近 24 小时降雨 12.3 mm，超过 10 mm；亏缺 18.4 mm（阈值 15 mm，应灌 20.5 m³）',
    );
    expect(decisionText(en, rain, 'en-US')).toBe(
      '12.3 mm of rain in the last 24 h, more than 10 mm; deficit 18.4 mm (limit 15 mm, 20.5 m³ due)',
    );
    const due = decision({
      action: 'skipped',
      reason: 'rainDue',
      facts: { ...numbers, pressureFallHpa: 4.2, pressureHours: 3, rainDueFallHpa: 3.6 },
    });
    expect(decisionText(en, due, 'en-US')).toContain('fell 4.2 hPa in 3 h (≥ 3.6 hPa): rain is due');
    expect(zh('irr.why.deficitStart')).toBe('亏缺超过阈值');
    expect(en('irr.why.soilWet')).toBe('soil is wet');
  });
});
