import '../areaTexts';
import {
  COMMAND_STATES,
  type CommandRecord,
  type CommandState,
  commandText,
  type DeviceClass,
  IRRIGATION_CLASSES,
  operatorText,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommandFilter, exportCommandListUrl, getCommandList } from '../../api/commands';
import { useZoneNames } from '../../pages/irrigation/zoneNames';
import { useParkStore } from '../../stores/park';
import { formatTime, pickedDays } from '../../utils/time';
import { COMMAND_STATE_COLOR } from '../CommandButton/commandState';
import ExportButton from '../ExportButton';
import ZoneHint from '../filters/ZoneHint';
import { useParamConfigs } from '../live/useParamConfigs';
import { usePager } from '../table/tableLayout';

/** The operation record of a device class in the active park: filters, server paging, export. */
/** The filters as chosen, applied by the search button. */
interface Draft {
  deviceId?: number;
  state?: CommandState;
  range?: [Dayjs, Dayjs];
  keyword: string;
}

export default function RecordTable({ deviceClass }: { deviceClass: DeviceClass }) {
  const { t, i18n } = useTranslation();
  const pager = usePager();
  const groupId = useParkStore((s) => s.activeGroupId) ?? undefined;
  const devices = useParamConfigs({ deviceClass }).data ?? [];
  const [draft, setDraft] = useState<Draft>({
    keyword: '',
  });
  const [filter, setFilter] = useState<CommandFilter>({});
  /** A filter picked from a list, kept in the draft until applied. */
  const pick = <K extends 'deviceId' | 'state'>(
    key: K,
    width: number,
    placeholder: string,
    options: { value: NonNullable<Draft[K]>; label: string }[],
  ) => (
    <Select<Draft[K]>
      allowClear
      style={{ width }}
      placeholder={placeholder}
      value={draft[key]}
      onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
      options={options}
    />
  );
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const full: CommandFilter = { ...filter, groupId, deviceClass };
  const query = useQuery({
    queryKey: ['commandList', full, page],
    enabled: groupId !== undefined,
    queryFn: () => getCommandList({ ...full, ...page }),
    refetchInterval: 10_000,
  });
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  // irrigation starts name their zones; other classes have none to ask for
  const zoneNamesOf = useZoneNames((IRRIGATION_CLASSES as readonly string[]).includes(deviceClass));

  const apply = () => {
    // picked days are the park's days
    const [startTime, endTime] = draft.range ? pickedDays(draft.range) : [];
    setFilter({
      deviceId: draft.deviceId,
      state: draft.state,
      startTime,
      endTime,
      keyword: draft.keyword.trim() || undefined,
    });
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const columns: TableColumnsType<CommandRecord> = [
    { title: t('record.time'), dataIndex: 'createdAt', width: 150, render: (ts: number) => formatTime(ts) },
    {
      title: t('record.operator'),
      dataIndex: 'operator',
      width: 120,
      render: (op: string) => operatorText(op, lang),
    },
    { title: t('record.device'), dataIndex: 'deviceName', width: 160 },
    {
      title: t('record.command'),
      key: 'command',
      width: 220,
      // phrased by contracts, as the export phrases it: page and file say the same
      render: (_, r) => commandText(r.name, r.params, lang, zoneNamesOf(r.deviceId)),
    },
    {
      title: t('record.result'),
      key: 'result',
      width: 220,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={COMMAND_STATE_COLOR[r.state]} data-testid={`record-state-${r.cmdId}`}>
            {t(`command.state.${r.state}`)}
          </Tag>
          {r.reason ? (
            <Tooltip title={r.reason}>
              <span style={{ color: 'rgba(0,0,0,0.65)' }}>{r.reason}</span>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('record.responseMs'),
      dataIndex: 'responseMs',
      width: 110,
      align: 'right',
      render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
    },
  ];

  return (
    <Card data-testid="record-table">
      <Space wrap style={{ marginBottom: 16 }}>
        {pick(
          'deviceId',
          180,
          t('record.device'),
          devices.map((d) => ({ value: d.deviceId, label: d.deviceName })),
        )}
        {pick(
          'state',
          140,
          t('record.result'),
          COMMAND_STATES.map((s) => ({ value: s, label: t(`command.state.${s}`) })),
        )}
        <DatePicker.RangePicker
          value={draft.range}
          onChange={(v) => setDraft((d) => ({ ...d, range: v?.[0] && v[1] ? [v[0], v[1]] : undefined }))}
        />
        <ZoneHint />
        <Input
          allowClear
          style={{ width: 180 }}
          placeholder={t('record.keyword')}
          value={draft.keyword}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
          onPressEnter={apply}
        />
        <Button type="primary" onClick={apply} data-testid="record-search">
          {t('record.search')}
        </Button>
        <ExportButton url={() => exportCommandListUrl(full)} label={t('export.csv')} testId="record-export" />
      </Space>
      <Table<CommandRecord>
        rowKey="cmdId"
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.error ? query.error.message : t('record.empty') }}
        pagination={pager({
          current: page.pageNum,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        })}
      />
    </Card>
  );
}
