import { type CommandRecord, deviceClassNames, type MessageLang, operatorText } from '@farmpark/contracts';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';

/** The operation record export: the columns of the record page, states and sources as the console words them. */
export const COMMAND_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'time', header: { zh: '时间', en: 'Time' }, width: 20, time: true },
  { key: 'operator', header: { zh: '操作人', en: 'Operator' } },
  {
    key: 'source',
    header: { zh: '来源', en: 'Source' },
    values: {
      manual: { zh: '手动', en: 'Manual' },
      program: { zh: '程序', en: 'Program' },
      rule: { zh: '自动规则', en: 'Rule' },
    },
  },
  { key: 'serial', header: { zh: '设备编号', en: 'Serial' } },
  { key: 'deviceName', header: { zh: '设备名称', en: 'Device' } },
  {
    key: 'deviceClass',
    header: { zh: '设备类型', en: 'Device type' },
    values: Object.fromEntries(
      Object.entries(deviceClassNames('zh')).map(([k, zh]) => [k, { zh, en: deviceClassNames('en')[k as never] }]),
    ),
  },
  { key: 'name', header: { zh: '指令', en: 'Command' } },
  { key: 'params', header: { zh: '参数', en: 'Parameters' }, width: 30 },
  {
    key: 'state',
    header: { zh: '结果', en: 'Result' },
    values: {
      queued: { zh: '排队中', en: 'Queued' },
      sent: { zh: '已发送', en: 'Sent' },
      succeeded: { zh: '执行成功', en: 'Done' },
      failed: { zh: '执行失败', en: 'Failed' },
      timedOut: { zh: '设备超时未应答', en: 'No answer from the device' },
    },
  },
  { key: 'reason', header: { zh: '原因', en: 'Reason' } },
  { key: 'responseMs', header: { zh: '响应(ms)', en: 'Response (ms)' } },
  { key: 'cmdId', header: { zh: '指令ID', en: 'Command id' }, width: 38 },
];

/** `lang`: the export's language, for the operator ("程序“早间水肥”", "smart rule \"1区墒情\""). */
export async function* commandExportRows(
  pages: AsyncIterable<CommandRecord[]>,
  lang: MessageLang,
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
        name: c.name,
        params: JSON.stringify(c.params),
        state: c.state,
        reason: c.reason,
        responseMs: c.responseMs,
        cmdId: c.cmdId,
      };
    }
  }
}
