import './areaTexts';
import { type AlarmCondition, DEVICE_MODEL, type DeviceClass, paramDef, type Severity } from '@farmpark/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isEnglish } from '../../i18n';

const SEVERITY_COLOR: Record<Severity, string> = { info: 'blue', warning: 'orange', critical: 'red' };
const STATE_COLOR: Record<string, string> = { active: 'red', acknowledged: 'gold', cleared: 'green' };

export function SeverityTag({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <Tag color={SEVERITY_COLOR[severity]}>{t(`alarm.severity.${severity}`)}</Tag>;
}

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid="alarm-state">
      {t(`alarm.state.${state}`)}
    </Tag>
  );
}

/** Whether a rule, contact or notice is in use: the same green on / grey off on every alarm page. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('alarm.flag.on') : t('alarm.flag.off')}</Tag>;
}

/** A parameter's name and unit from the device model, in the console's language. */
export function paramLabel(deviceClass: string | null | undefined, key: string, lng: string) {
  const def =
    deviceClass && DEVICE_MODEL[deviceClass as DeviceClass] ? paramDef(deviceClass as DeviceClass, key) : undefined;
  return { name: def ? (isEnglish(lng) ? def.en : def.zh) : key, unit: def?.unit ?? '', decimals: def?.decimals ?? 2 };
}

export function classLabel(deviceClass: string, lng: string) {
  const c = DEVICE_MODEL[deviceClass as DeviceClass];
  return c ? (isEnglish(lng) ? c.en : c.zh) : deviceClass;
}

/**
 * "Air temperature above 30 °C for 5 min" / "offline for 10 min" / "Cotton bollworm: 12 caught in 24 h (threshold 10)".
 * A trap count rule names its category by `categoryName` (an alarm keeps the name it was raised with).
 */
export function conditionText(
  c: AlarmCondition,
  deviceClass: string | null | undefined,
  t: TFunction,
  lng: string,
  categoryName?: (categoryId: number) => string | undefined,
) {
  if (c.kind === 'trapCount') {
    const x = c.trap;
    if (x)
      return t('alarm.rule.trapText', {
        category: x.categoryName,
        n: x.count,
        hours: x.windowHours,
        threshold: x.threshold,
      });
    const category = categoryName?.(c.categoryId) ?? `#${c.categoryId}`;
    return t('alarm.rule.trapRuleText', { category, hours: c.windowHours, threshold: c.threshold });
  }
  if (c.kind === 'zoneFlow') {
    const f = c.flow;
    if (!f) return t('alarm.rule.flowRuleText', { pct: c.deviationPct, n: c.minRuns });
    if (f.finding === 'closedFlow') return t('alarm.rule.flowClosedText', { flow: f.flow });
    const run = { run: f.runId, zones: f.zones.join(',') };
    if (f.finding === 'noFlow') return t('alarm.rule.flowNoneText', run);
    const off = f.offPct === null ? '' : ` (${f.offPct > 0 ? '+' : ''}${f.offPct}%)`;
    const pressure =
      f.pressure === null
        ? ''
        : t('alarm.rule.flowPressureText', { pressure: f.pressure, usual: f.usualPressure ?? '–' });
    return `${t(`alarm.rule.flow_${f.finding}Text`, { ...run, flow: f.flow, usual: f.usualFlow })}${off}${pressure}`;
  }
  if (c.kind === 'plantingRange') {
    const p = c.planting;
    if (!p) return t('alarm.rule.plantingRangeText');
    const param = paramLabel(deviceClass, p.key, lng);
    const range = p.min === null ? `≤ ${p.max}` : p.max === null ? `≥ ${p.min}` : `${p.min} ~ ${p.max}`;
    return t('alarm.rule.plantingText', {
      crop: p.cropName,
      plot: p.plotName,
      stage: p.stageName,
      param: param.name,
      range: `${range}${param.unit ? ` ${param.unit}` : ''}`,
      n: p.hours,
    });
  }
  const minutes = Math.round(c.forMs / 60_000);
  if (c.kind === 'offline') return t('alarm.rule.offlineText', { n: minutes });
  const p = paramLabel(deviceClass, c.key, lng);
  const u = p.unit ? ` ${p.unit}` : '';
  const limits = c.op === 'above' || c.op === 'below' ? `${c.value}${u}` : `${c.low} ~ ${c.high}${u}`;
  const dur = minutes > 0 ? ` ${t('alarm.rule.forText', { n: minutes })}` : '';
  return `${p.name} ${t(`alarm.op.${c.op}`)} ${limits}${dur}`;
}
