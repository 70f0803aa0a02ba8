import { type AlarmCondition, DEVICE_MODEL, type DeviceClass, paramDef, type Severity } from '@farmpark/contracts';

const SEVERITY_ZH: Record<Severity, string> = { info: '提示', warning: '警告', critical: '严重' };
const OP_ZH = { above: '高于', below: '低于', between: '介于', outside: '超出' } as const;

export interface AlarmText {
  event: 'raised' | 'repeat' | 'cleared';
  severity: Severity;
  ruleName: string;
  groupName: string;
  deviceName: string;
  serial: string;
  deviceClass: string;
  condition: AlarmCondition;
  value: number | null;
  at: number;
  tz: string;
}

/** A range with an open bound as "≥ 18" / "≤ 28", a closed one as "18～28". */
export const rangeText = (min: number | null, max: number | null) =>
  min === null ? `≤ ${max}` : max === null ? `≥ ${min}` : `${min}～${max}`;

/**
 * "空气温度 高于 30 °C 持续 5 分钟" / "离线 10 分钟" / "番茄（1号大棚，苗期）空气温度 超出适宜范围 20～28 °C 已 30 小时" /
 * "棉铃虫 近 24 小时 捕获 12 头，达到阈值 10 头" (the trap is the alarm's device, named on its own line).
 */
export function describeCondition(c: AlarmCondition, deviceClass: string): string {
  const param = (key: string) => {
    const def = DEVICE_MODEL[deviceClass as DeviceClass] ? paramDef(deviceClass as DeviceClass, key) : undefined;
    return { name: def?.zh ?? key, unit: def?.unit ? ` ${def.unit}` : '' };
  };
  if (c.kind === 'plantingRange') {
    const p = c.planting;
    if (!p) return '种植参数超出生长标准的适宜范围，达到标准允许的时长';
    const { name, unit } = param(p.key);
    return `${p.cropName}（${p.plotName}，${p.stageName}）${name} 超出适宜范围 ${rangeText(p.min, p.max)}${unit} 已 ${p.hours} 小时`;
  }
  if (c.kind === 'trapCount') {
    const t = c.trap;
    const unit = deviceClass === 'sporeTrap' ? '个' : '头';
    if (!t) return `所选类别 近 ${c.windowHours} 小时 捕获达到 ${c.threshold} ${unit}`;
    return `${t.categoryName} 近 ${t.windowHours} 小时 捕获 ${t.count} ${unit}，达到阈值 ${t.threshold} ${unit}`;
  }
  if (c.kind === 'zoneFlow') return describeFlow(c);
  const minutes = Math.round(c.forMs / 60_000);
  if (c.kind === 'offline') return `设备离线超过 ${minutes} 分钟`;
  const { name, unit } = param(c.key);
  const limits = c.op === 'above' || c.op === 'below' ? `${c.value}${unit}` : `${c.low}～${c.high}${unit}`;
  return `${name} ${OP_ZH[c.op]} ${limits}${minutes > 0 ? ` 持续 ${minutes} 分钟` : ''}`;
}

const FINDING_ZH = { low: '流量偏低（疑似堵塞）', high: '流量偏高（疑似泄漏或爆管）' } as const;

/**
 * "任务 #12 分区 3 流量偏低（疑似堵塞）：平均 1.2 m³/h，通常 2.4 m³/h（-50%）；压力 0.31 MPa，通常 0.32 MPa" /
 * "任务 #12 分区 3 阀门已开但无流量" / "阀门全部关闭时仍有流量 0.8 m³/h".
 */
function describeFlow(c: Extract<AlarmCondition, { kind: 'zoneFlow' }>): string {
  const f = c.flow;
  if (!f) return `分区流量偏离其通常流量超过 ${c.deviationPct}%（从至少 ${c.minRuns} 次灌溉学习），或阀门与流量不符`;
  if (f.finding === 'closedFlow') return `阀门全部关闭时仍有流量 ${f.flow} m³/h`;
  const run = `任务 #${f.runId} 分区 ${f.zones.join(',')}`;
  if (f.finding === 'noFlow') return `${run} 阀门已开但无流量`;
  const pct = f.offPct === null ? '' : `（${f.offPct > 0 ? '+' : ''}${f.offPct}%）`;
  const pressure =
    f.pressure === null
      ? ''
      : `；压力 ${f.pressure} MPa${f.usualPressure === null ? '' : `，通常 ${f.usualPressure} MPa`}`;
  return `${run} ${FINDING_ZH[f.finding]}：平均 ${f.flow} m³/h，通常 ${f.usualFlow} m³/h${pct}${pressure}`;
}

/** Subject and plain text of a notification (Chinese, the product's language). */
export function alarmText(a: AlarmText): { subject: string; text: string; markdown: string } {
  const head = a.event === 'cleared' ? '告警恢复' : a.event === 'repeat' ? '告警重复提醒' : '告警';
  const when = new Intl.DateTimeFormat('zh-CN', { timeZone: a.tz, dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(a.at),
  );
  const cond = describeCondition(a.condition, a.deviceClass);
  const value = a.value === null ? '' : `${a.value}`;
  const subject = `[${SEVERITY_ZH[a.severity]}] ${head}：${a.deviceName} ${a.ruleName}`;
  const lines = [
    `${head}：${a.ruleName}`,
    `级别：${SEVERITY_ZH[a.severity]}`,
    `园区：${a.groupName}`,
    `设备：${a.deviceName}（${a.serial}）`,
    `条件：${cond}`,
    ...(value ? [`${a.event === 'cleared' ? '恢复值' : '当前值'}：${value}`] : []),
    `时间：${when}`,
  ];
  return {
    subject,
    text: lines.join('\n'),
    markdown: toMarkdown(subject, lines.join('\n')),
  };
}

/** The markdown the WeCom and DingTalk bots show: the subject as a heading, the lines after the first quoted. */
export function toMarkdown(subject: string, text: string): string {
  return [
    `### ${subject}`,
    ...text
      .split('\n')
      .slice(1)
      .map((l) => `> ${l}`),
  ].join('\n');
}
