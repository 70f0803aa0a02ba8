import '../areaTexts';
import { PlusOutlined } from '@ant-design/icons';
import type { Park } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getGroupAndDeviceAllList, removeGroup } from '../../../api/parks';
import { useParkStore } from '../../../stores/park';
import { useSessionStore } from '../../../stores/session';
import ParkMapDrawer from './map/ParkMapDrawer';
import ParkDialog from './ParkDialog';

const PARKS_KEY = ['parks'];

/** The park list is shared with the selector; after a change both show the server's state. */
function syncParkStore(parks: Park[]): void {
  const store = useParkStore.getState();
  store.setParks(parks);
  if (parks.length && !parks.some((p) => p.groupId === store.activeGroupId)) {
    // The active park is gone: let the guard pick another and rebuild the menu for it.
    useSessionStore.getState().resetPermission();
  }
}

export default function ParkInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Park | 'new' | null>(null);
  const [filter, setFilter] = useState('');
  const [mapPark, setMapPark] = useState<Park | null>(null);
  const query = useQuery({ queryKey: PARKS_KEY, queryFn: getGroupAndDeviceAllList });

  const refresh = async () => {
    const parks = await queryClient.fetchQuery({
      queryKey: PARKS_KEY,
      queryFn: getGroupAndDeviceAllList,
      staleTime: 0,
    });
    syncParkStore(parks);
  };

  const remove = async (park: Park) => {
    try {
      await removeGroup(park.groupId);
      message.success(t('park.removed'));
      await refresh().catch(() => undefined);
    } catch {
      // Shown by the request client (e.g. devices still bound).
    }
  };

  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = query.data ?? [];
    return q ? all.filter((p) => [p.groupName, p.holderMan, p.address].some((v) => v.toLowerCase().includes(q))) : all;
  }, [query.data, filter]);

  const columns: TableColumnsType<Park> = [
    { title: t('park.groupName'), dataIndex: 'groupName', fixed: 'left', width: 160 },
    { title: t('park.holderMan'), dataIndex: 'holderMan', width: 120 },
    { title: t('park.area'), dataIndex: 'area', width: 110, render: (v: number | null) => v ?? '—' },
    { title: t('park.address'), dataIndex: 'address', ellipsis: true },
    { title: t('park.crops'), dataIndex: 'crops', ellipsis: true },
    { title: t('park.devices'), key: 'devices', width: 90, render: (_, p) => p.devices.length },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 190,
      render: (_, p) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setMapPark(p)} data-testid={`park-map-${p.groupId}`}>
            {t('pmap.open')}
          </Button>
          <Button type="link" size="small" onClick={() => setTarget(p)} data-testid={`park-edit-${p.groupId}`}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('park.removeConfirm', { name: p.groupName })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(p)}
          >
            <Button type="link" size="small" danger data-testid={`park-remove-${p.groupId}`}>
              {t('common.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('park.list')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')} data-testid="park-create">
          {t('park.create')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('park.search')}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<Park>
        rowKey="groupId"
        size="middle"
        loading={query.isPending}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 900 }}
        pagination={{ showTotal: (total) => t('park.total', { total }) }}
        data-testid="park-table"
      />
      <ParkMapDrawer park={mapPark} onClose={() => setMapPark(null)} />
      <ParkDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          refresh().catch(() => undefined);
        }}
      />
    </Card>
  );
}
