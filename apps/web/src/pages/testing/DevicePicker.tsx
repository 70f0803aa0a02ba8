import './areaTexts';
import type { TestingDevice } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getGroupAndDeviceAllList } from '../../api/parks';
import { getDeviceList } from '../../api/testing';
import { STORAGE } from '../../config/storage';
import { parkLabel } from '../../stores/park';

/** A console user picks a park they may see, then one of its devices of a class their role may work with. */
export function DevicePicker({ onPick }: { onPick: (d: TestingDevice | null) => void }) {
  const { t } = useTranslation();
  const parks = useQuery({ queryKey: ['testing', 'parks'], queryFn: getGroupAndDeviceAllList });
  const [groupId, setGroupId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [deviceId, setDeviceId] = useState<number | null>(null);

  useEffect(() => {
    const list = parks.data ?? [];
    if (groupId !== null || list.length === 0) return;
    const stored = Number(sessionStorage.getItem(STORAGE.groupId));
    setGroupId((list.find((p) => p.groupId === stored) ?? list[0]).groupId);
  }, [parks.data, groupId]);

  const devices = useQuery({
    queryKey: ['testing', 'devices', groupId, keyword],
    queryFn: () => getDeviceList(groupId as number, keyword),
    enabled: groupId !== null,
  });
  const list = devices.data?.list ?? [];

  return (
    <Card size="small" data-testid="testing-picker">
      <Form layout="vertical" size="middle">
        <Form.Item label={t('testing.picker.park')}>
          <Select
            value={groupId ?? undefined}
            loading={parks.isLoading}
            onChange={(v: number) => {
              setGroupId(v);
              setDeviceId(null);
              onPick(null);
            }}
            options={(parks.data ?? []).map((p) => ({ value: p.groupId, label: parkLabel(p) }))}
            notFoundContent={t('testing.picker.noParks')}
            data-testid="testing-park"
          />
        </Form.Item>
        <Form.Item label={t('testing.picker.device')} style={{ marginBottom: 0 }}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            value={deviceId ?? undefined}
            placeholder={t('testing.picker.devicePlaceholder')}
            loading={devices.isFetching}
            onChange={(v: number) => {
              setDeviceId(v);
              onPick(list.find((d) => d.deviceId === v) ?? null);
            }}
            options={list.map((d) => ({ value: d.deviceId, label: `${d.name} (${d.serial})` }))}
            notFoundContent={devices.isLoading ? undefined : t('testing.picker.noDevices')}
            data-testid="testing-device"
          />
        </Form.Item>
      </Form>
      {(parks.isError || devices.isError) && (
        <Alert style={{ marginTop: 12 }} type="error" showIcon message={(parks.error ?? devices.error)?.message} />
      )}
    </Card>
  );
}
