import { type CommandRecord, commandText, deviceClassNames, type MessageLang, operatorText } from '@farmpark/contracts';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';

const SOURCES = {
  manual: { zh: '手动', en: 'Manual' },
  program: { zh: '程序', en: 'Program' },
  rule: { zh: '自动规则', en: 'Rule' },
};
const STATES = {
  queued: { zh: '排队中', en: 'Queued' },
  sent: { zh: '已发送', en: 'Sent' },
  succeeded: { zh: '执行成功', en: 'Done' },
  failed: { zh: '执行失败', en: 'Failed' },
  timedOut: { zh: '设备超时未应答', en: 'No answer from the device' },
};
const CLASSES = Object.fromEntries(
  Object.entries(deviceClassNames('zh')).map(([k, zh]) => [k, { zh, en: deviceClassNames('en')[k as never] }]),
);

/** The operation record export: the columns of the record page, states and sources as the console words them. */
export const COMMAND_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'time', header: { zh: '时间', en: 'Time' }, width: 20, time: true },
  { key: 'operator', header: { zh: '操作人', en: 'Operator' } },
  { key: 'source', header: { zh: '来源', en: 'Source' }, values: SOURCES },
  { key: 'serial', header: { zh: '设备编号', en: 'Serial' } },
  { key: 'deviceName', header: { zh: '设备名称', en: 'Device' } },
  { key: 'deviceClass', header: { zh: '设备类型', en: 'Device type' }, values: CLASSES },
  // the command and its parameters in one phrase, as the record page shows it (never JSON)
  { key: 'name', header: { zh: '指令', en: 'Command' }, width: 40 },
  { key: 'state', header: { zh: '结果', en: 'Result' }, values: STATES },
  { key: 'reason', header: { zh: '原因', en: 'Reason' } },
  { key: 'responseMs', header: { zh: '响应(ms)', en: 'Response (ms)' } },
  { key: 'cmdId', header: { zh: '指令ID', en: 'Command id' }, width: 38 },
];

/**
 * `lang`: the export's language, for the operator ("程序“早间水肥”", "smart rule \"1区墒情\"") and the
 * command ("1号阀门：开"); `zoneNames`: device id -> zone number -> name, so starts name their zones.
 */
export async function* commandExportRows(
  pages: AsyncIterable<CommandRecord[]>,
  lang: MessageLang,
  zoneNames: ReadonlyMap<number, ReadonlyMap<number, string>> = new Map(),
): AsyncGenerator<ExportRow> {
  for await (const page of pages) {
    for (const c of page) {
      yield {
        time: c.createdAt,
        operator: operatorText(c.operator, lang),
        source: c.source,
        serial: c.serial,
        deviceName: c.deviceName,
        deviceClass: c.deviceClass,
        name: commandText(c.name, c.params, lang, zoneNames.get(c.deviceId)),
        state: c.state,
        reason: c.reason,
        responseMs: c.responseMs,
        cmdId: c.cmdId,
      };
    }
  }
}
