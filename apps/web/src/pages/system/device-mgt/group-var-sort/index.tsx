import '../../areaTexts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alterGroupVarSort, getDeviceList, getGroupVarSort } from '../../../../api/devices';
import GroupSortList, { type SortItem } from './GroupSortList';

/** Hidden page: the order of a device's variable groups on the real-time pages. */
export default function GroupVarSortPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || null;
  const devices = useQuery({
    queryKey: ['deviceOptions'],
    queryFn: () => getDeviceList({ pageNum: 1, pageSize: 500 }),
  });
  const groups = useQuery({
    queryKey: ['groupVarSort', deviceId],
    queryFn: () => getGroupVarSort(deviceId!),
    enabled: deviceId !== null,
  });
  const [items, setItems] = useState<readonly SortItem[]>([]);
  useEffect(() => setItems(groups.data ?? []), [groups.data]);
  const lbl = (k: string) => t(`devmgt.sort.${k}`);
  const save = async () => {
    if (!deviceId) return;
    try {
      await alterGroupVarSort(
        deviceId,
        items.map((g) => g.key),
      );
      message.success(lbl('saved'));
      await groups.refetch();
    } catch {
      // shown by the request client
    }
  };
  return (
    <Card title={lbl('title')}>
      <Space orientation="vertical" style={{ width: '100%', maxWidth: 640 }}>
        <Select
          showSearch
          placeholder={lbl('pick')}
          style={{ width: '100%' }}
          value={deviceId ?? undefined}
          loading={devices.isPending}
          optionFilterProp="label"
          data-testid="sort-device"
          options={(devices.data?.list ?? []).map((d) => ({
            value: d.deviceId,
            label: `${d.deviceName} (${d.serial})`,
          }))}
          onChange={(v: number) => setParams({ deviceId: String(v) })}
        />
        {deviceId === null ? (
          <Empty description={lbl('pick')} />
        ) : (
          <>
            <Typography.Text type="secondary">{lbl('hint')}</Typography.Text>
            <GroupSortList items={items} onChange={setItems} />
            <Button type="primary" onClick={save} disabled={items.length === 0} data-testid="sort-save">
              {t('common.save')}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}
