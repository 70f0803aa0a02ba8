import { type IrrigationRun, type MessageLang, type RunEndCode, type Tank, zoneListText } from '@farmpark/contracts';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';

/** Why a run ended, as a short phrase in either language (the console's sentences add the numbers). */
const END: Record<RunEndCode | 'stopRequested:aboveStop', { zh: string; en: string }> = {
  startNotSent: { zh: '启动指令未能发出', en: 'The start command could not be sent' },
  startOffline: { zh: '未启动：设备离线', en: 'Not started: the machine was offline' },
  startRefused: { zh: '设备拒绝启动', en: 'The machine refused the start' },
  startTimedOut: { zh: '启动指令超时未应答', en: 'No answer to the start in time' },
  startNotDelivered: { zh: '启动指令未送达设备', en: 'The start command did not reach the machine' },
  stopOffline: { zh: '停止指令未发出：设备离线', en: 'Stop not sent: the machine was offline' },
  stopRefused: { zh: '设备拒绝停止', en: 'The machine refused the stop' },
  stopTimedOut: { zh: '停止指令超时未应答', en: 'No answer to the stop in time' },
  stopNotDelivered: { zh: '停止指令未送达设备', en: 'The stop command did not reach the machine' },
  wentOffline: { zh: '灌溉过程中设备离线', en: 'The machine went offline during the run' },
  silent: { zh: '设备停止上报数据', en: 'The machine stopped sending data' },
  fault: { zh: '设备报告故障', en: 'The machine reported a fault' },
  stopRequested: { zh: '操作人停止', en: 'Stopped by the operator' },
  'stopRequested:aboveStop': {
    zh: '智能规则停止：墒情已达停止值',
    en: 'Stopped by the smart rule: moisture reached its stop level',
  },
  endedEarlyTime: { zh: '设备提前结束（时长未满）', en: 'Ended early at the machine (time)' },
  endedEarlyVolume: { zh: '设备提前结束（水量未满）', en: 'Ended early at the machine (volume)' },
};

const STATES = {
  starting: { zh: '启动中', en: 'Starting' },
  running: { zh: '运行中', en: 'Running' },
  stopping: { zh: '停止中', en: 'Stopping' },
  done: { zh: '完成', en: 'Done' },
  failed: { zh: '失败', en: 'Failed' },
  stopped: { zh: '已停止', en: 'Stopped' },
};
const TRIGGERS = {
  manual: { zh: '手动', en: 'Manual' },
  program: { zh: '程序', en: 'Program' },
  smart: { zh: '智能规则', en: 'Smart rule' },
};

/** The running record export: the columns of the record page, states, triggers and ends phrased. */
export const RUN_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'runId', header: { zh: '编号', en: 'Run' } },
  { key: 'deviceName', header: { zh: '设备', en: 'Machine' } },
  { key: 'serial', header: { zh: '设备编号', en: 'Serial' } },
  { key: 'startedAt', header: { zh: '开始时间', en: 'Started' }, width: 20, time: true },
  { key: 'endedAt', header: { zh: '结束时间', en: 'Ended' }, width: 20, time: true },
  { key: 'zones', header: { zh: '分区', en: 'Zones' } },
  { key: 'waterM3', header: { zh: '用水量(m³)', en: 'Water (m³)' }, decimals: 2 },
  { key: 'fertiliser', header: { zh: '用肥量(L)', en: 'Fertiliser (L)' }, width: 24 },
  { key: 'state', header: { zh: '结果', en: 'Outcome' }, values: STATES },
  { key: 'end', header: { zh: '原因', en: 'Reason' }, values: END, width: 30 },
  { key: 'deviceSaid', header: { zh: '设备回复', en: 'Machine said' } },
  { key: 'trigger', header: { zh: '触发', en: 'Trigger' }, values: TRIGGERS },
  { key: 'triggerName', header: { zh: '程序/规则', en: 'Program / rule' } },
  { key: 'operator', header: { zh: '操作人', en: 'Operator' } },
];

/** Tanks as the console names them (irr.tank). */
const TANK_NAMES: Record<Tank, { zh: string; en: string }> = {
  tank1: { zh: '1号肥桶', en: 'Tank 1' },
  tank2: { zh: '2号肥桶', en: 'Tank 2' },
  tank3: { zh: '3号肥桶', en: 'Tank 3' },
  tank4: { zh: '酸桶', en: 'Acid tank' },
};

/**
 * `lang`: the file's language; `zoneNames`: device id -> zone number -> name, so zones read as on the
 * page ("1区 → 番茄东棚").
 */
export async function* runExportRows(
  pages: AsyncIterable<IrrigationRun[]>,
  lang: MessageLang,
  zoneNames: ReadonlyMap<number, ReadonlyMap<number, string>> = new Map(),
): AsyncGenerator<ExportRow> {
  for await (const page of pages) {
    for (const r of page) {
      yield {
        runId: r.runId,
        deviceName: r.deviceName,
        serial: r.serial,
        startedAt: r.startedAt ?? r.createdAt,
        endedAt: r.endedAt,
        zones: zoneListText(lang, r.zones, zoneNames.get(r.deviceId)),
        waterM3: r.waterM3,
        fertiliser: r.fertiliser
          .map((f) => `${TANK_NAMES[f.tank][lang]} ${f.litres}`)
          .join(lang === 'zh' ? '、' : ', '),
        state: r.state,
        end: r.endCode === 'stopRequested' && r.stopReason === 'aboveStop' ? 'stopRequested:aboveStop' : r.endCode,
        deviceSaid: r.reason,
        trigger: r.trigger,
        triggerName: r.triggerName,
        operator: r.trigger === 'manual' ? r.operator : '',
      };
    }
  }
}
