import '../../i18n';
import type { AlarmCondition } from '@farmpark/contracts';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { conditionText } from './labels';

/** A flow alarm's record shows the run and its numbers in the caller's language (issue 26, point 4). */
describe('flow alarm condition text', () => {
  const rule = { kind: 'zoneFlow', deviationPct: 30, minRuns: 3 } as const;
  const low: AlarmCondition = {
    ...rule,
    flow: {
      finding: 'low',
      runId: 41,
      zones: [3],
      flow: 1.2,
      usualFlow: 2.35,
      pressure: 0.36,
      usualPressure: 0.32,
      offPct: -49,
    },
  };
  const text = (c: AlarmCondition, lng: string) => conditionText(c, 'waterFertilizer', i18n.getFixedT(lng), lng);

  it('names the run, the zone, the measured and usual flow and pressure, in both languages', () => {
    expect(text(low, 'en-US')).toBe(
      'Run #41, zone 3: low flow (clogged?) 1.2 m³/h, usually 2.35 m³/h (-49%); pressure 0.36 MPa, usually 0.32 MPa',
    );
    expect(text(low, 'zh-CN')).toBe(
      '任务 #41 分区 3 流量偏低（疑似堵塞）：1.2 m³/h，通常 2.35 m³/h (-49%)；压力 0.36 MPa，通常 0.32 MPa',
    );
    const closed: AlarmCondition = {
      ...rule,
      flow: { ...low.flow, finding: 'closedFlow', runId: null, zones: [], flow: 0.8 },
    } as AlarmCondition;
    expect(text(closed, 'en-US')).toBe('Flow 0.8 m³/h while every valve is closed');
    expect(text(closed, 'zh-CN')).toBe('阀门全部关闭时仍有流量 0.8 m³/h');
    expect(text(rule, 'en-US')).toContain('more than 30% off its usual (learnt from 3 runs)');
  });
});
