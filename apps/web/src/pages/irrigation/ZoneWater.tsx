import './areaTexts';
import type { IrrigationClass, ZoneWaterRow } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMachineList, getZoneWater } from '../../api/irrigation';
import { usePager } from '../../components/table/tableLayout';
import { useParkStore } from '../../stores/park';
import { lastDays } from '../../utils/dateRange';
import { pickedDays } from '../../utils/time';
import { zoneLabel } from './confirm';
import { useZoneNames } from './zoneNames';

/** The active park's machines of one class (the analysis cards' machine pickers). */
export function useClassMachines(deviceClass: IrrigationClass) {
  const groupId = useParkStore((s) => s.activeGroupId);
  return useQuery({
    queryKey: ['irrigation', 'machines', groupId, deviceClass],
    queryFn: () => getMachineList(groupId as number, deviceClass),
    enabled: groupId !== null,
  });
}

/** Water use by zone by day for one machine (from its runs). */
export default function ZoneWater({ deviceClass }: { deviceClass: IrrigationClass }) {
  const { t } = useTranslation();
  const pager = usePager();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(7));
  const [startTime, endTime] = pickedDays(range);
  const machines = useClassMachines(deviceClass);
  const chosen = deviceId ?? machines.data?.[0]?.deviceId ?? null;
  const names = useZoneNames()(chosen ?? undefined);
  const q = useQuery({
    queryKey: ['irrigation', 'zoneWater', chosen, startTime, endTime],
    queryFn: () => getZoneWater({ deviceId: chosen as number, startTime, endTime }),
    enabled: chosen !== null,
  });
  return (
    <Card
      size="small"
      title={t('irr.zoneWater')}
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 160 }}
            value={chosen ?? undefined}
            onChange={setDeviceId}
            options={(machines.data ?? []).map((m) => ({ value: m.deviceId, label: m.deviceName }))}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])}
          />
        </Space>
      }
    >
      <Table<ZoneWaterRow>
        rowKey={(r) => `${r.day}-${r.zone}`}
        size="small"
        dataSource={q.data ?? []}
        pagination={pager({ pageSize: 20 })}
        columns={[
          { title: t('irr.day'), dataIndex: 'day' },
          { title: t('irr.zones'), render: (_, r) => zoneLabel(t, r.zone, names.get(r.zone)) },
          { title: `${t('irr.water')} (m³)`, render: (_, r) => r.waterM3.toFixed(2) },
          { title: t('irr.runs'), dataIndex: 'runs' },
        ]}
      />
    </Card>
  );
}
