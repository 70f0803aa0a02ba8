import '../../park/areaTexts';
import '../areaTexts';
import {
  addDeviceBody,
  DEVICE_CLASSES,
  DEVICE_MODEL,
  type DeviceClass,
  type DeviceInfo,
  type DeviceWithSecret,
} from '@farmpark/contracts';
import { Button, Input, InputNumber, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  addDevice,
  alterDevice,
  type DeviceInput,
  getDeviceList,
  regenerateDeviceSecret,
  removeDevice,
} from '../../../api/devices';
import CrudPage from '../../../components/CrudPage';
import type { CrudApi } from '../../../components/CrudPage/types';
import { isEnglish } from '../../../i18n';
import { formatTimeAgo } from '../../../utils/timeAgo';
import { useParkOptions } from '../parkOptions';
import CredentialsModal from './CredentialsModal';
import ImportDialog from './ImportDialog';
import MoveDialog from './MoveDialog';
import ParamsDrawer from './ParamsDrawer';

export const GROUP_SORT_PATH = '/system/device-mgt/group-var-sort';

/** System > devices: register, credentials once, move, remove, variables, CSV import. */
export default function DeviceMgtPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const parks = useParkOptions();
  const en = isEnglish(i18n.language);
  const [credentials, setCredentials] = useState<DeviceWithSecret | null>(null);
  const [moving, setMoving] = useState<{ device: DeviceInfo; api: CrudApi } | null>(null);
  const [params, setParams] = useState<DeviceInfo | null>(null);
  const [importing, setImporting] = useState(false);
  // Remounting the list after an import reloads it, whether or not it showed rows before.
  const [version, setVersion] = useState(0);
  const lbl = (k: string) => t(`devmgt.${k}`);
  const classLabel = (c: DeviceClass) => (en ? DEVICE_MODEL[c].en : DEVICE_MODEL[c].zh);
  const classOptions = DEVICE_CLASSES.map((c) => ({ value: c, label: classLabel(c) }));
  const modelOptions = DEVICE_CLASSES.map((c) => ({
    label: classLabel(c),
    options: DEVICE_MODEL[c].models.map((m) => ({ value: m.model, label: `${m.model} · ${en ? m.en : m.zh}` })),
  }));

  const regenerate = async (d: DeviceInfo) => {
    try {
      setCredentials(await regenerateDeviceSecret(d.deviceId));
    } catch {
      // shown by the request client
    }
  };

  return (
    <>
      <CrudPage<DeviceInfo, DeviceInput>
        key={version}
        testId="device"
        rowKey="deviceId"
        fetchList={getDeviceList}
        remove={(ids) => removeDevice(ids)}
        rowLabel={(d) => `${d.deviceName} (${d.serial})`}
        actionsWidth={330}
        keyword={lbl('keyword')}
        search={[
          { name: 'groupId', label: lbl('park'), input: <Select allowClear options={parks.options} /> },
          { name: 'deviceClass', label: lbl('deviceClass'), input: <Select allowClear options={classOptions} /> },
          {
            name: 'online',
            label: lbl('online'),
            input: (
              <Select
                allowClear
                options={[
                  { value: 'true', label: lbl('isOnline') },
                  { value: 'false', label: lbl('isOffline') },
                ]}
              />
            ),
          },
        ]}
        toolbar={
          <>
            <Button onClick={() => setImporting(true)} data-testid="device-import">
              {lbl('import')}
            </Button>
            <Button onClick={() => navigate(GROUP_SORT_PATH)}>{lbl('groupSort')}</Button>
          </>
        }
        columns={[
          { title: lbl('serial'), dataIndex: 'serial', fixed: 'left', width: 150 },
          { title: lbl('deviceName'), dataIndex: 'deviceName', width: 150 },
          // class and model are secondary at 1440 px: online and last report must show beside the actions
          {
            title: lbl('deviceClass'),
            dataIndex: 'deviceClass',
            width: 130,
            responsive: ['xxl'],
            render: classLabel,
          },
          { title: lbl('model'), dataIndex: 'model', width: 110, responsive: ['xxl'] },
          { title: lbl('park'), dataIndex: 'groupName', width: 150, ellipsis: true, responsive: ['md'] },
          {
            title: lbl('online'),
            dataIndex: 'online',
            width: 80,
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? lbl('isOnline') : lbl('isOffline')}</Tag>,
          },
          {
            title: lbl('lastSeen'),
            dataIndex: 'lastSeenAt',
            width: 120,
            render: (v: number | null) => (v ? formatTimeAgo(t, v) : '—'),
          },
        ]}
        rowActions={(d, crud) => {
          return (
            <>
              <Button type="link" size="small" onClick={() => setParams(d)} data-testid={`device-params-${d.deviceId}`}>
                {lbl('variables')}
              </Button>
              <Button type="link" size="small" onClick={() => setMoving({ device: d, api: crud })}>
                {lbl('move')}
              </Button>
              <Popconfirm title={t('devmgt.regenerateConfirm', { name: d.deviceName })} onConfirm={() => regenerate(d)}>
                <Button type="link" size="small" data-testid={`device-regenerate-${d.deviceId}`}>
                  {lbl('regenerate')}
                </Button>
              </Popconfirm>
            </>
          );
        }}
        form={{
          initialValues: { deviceClass: 'weatherStation' },
          toValues: (d) => ({
            serial: d.serial,
            deviceClass: d.deviceClass,
            model: d.model,
            deviceName: d.deviceName,
            groupId: d.groupId ?? undefined,
          }),
          create: async (v) => {
            const created = await addDevice(
              { ...v, model: v.model || undefined, longitude: v.longitude ?? null, latitude: v.latitude ?? null },
              { silent: true },
            );
            setCredentials(created);
            return created;
          },
          update: (d, v) =>
            alterDevice(
              {
                deviceId: d.deviceId,
                deviceName: v.deviceName,
                model: v.model || undefined,
                // alterDevice takes every editable field: keep what this dialog does not show
                ...{
                  longitude: d.longitude,
                  latitude: d.latitude,
                  reportIntervalMs: d.reportIntervalMs,
                  remark: d.remark,
                },
              },
              { silent: true },
            ),
          fields: [
            {
              name: 'serial',
              label: lbl('serial'),
              required: true,
              fixedOnEdit: true,
              schema: addDeviceBody.shape.serial,
              input: <Input data-testid="device-serial" />,
            },
            {
              name: 'deviceClass',
              label: lbl('deviceClass'),
              required: true,
              fixedOnEdit: true,
              input: <Select options={classOptions} data-testid="device-class" />,
            },
            {
              name: 'model',
              label: lbl('model'),
              input: <Select allowClear showSearch options={modelOptions} data-testid="device-model" />,
            },
            {
              name: 'deviceName',
              label: lbl('deviceName'),
              required: true,
              schema: addDeviceBody.shape.deviceName,
              input: <Input data-testid="device-name" />,
            },
            {
              name: 'groupId',
              label: lbl('park'),
              required: true,
              createOnly: true,
              input: <Select options={parks.options} data-testid="device-park" />,
            },
            {
              name: 'longitude',
              label: t('park.longitude'),
              createOnly: true,
              span: 6,
              input: <InputNumber style={{ width: '100%' }} />,
            },
            {
              name: 'latitude',
              label: t('park.latitude'),
              createOnly: true,
              span: 6,
              input: <InputNumber style={{ width: '100%' }} />,
            },
          ],
        }}
      />
      <CredentialsModal value={credentials} onClose={() => setCredentials(null)} />
      <MoveDialog
        device={moving?.device ?? null}
        onClose={() => setMoving(null)}
        onMoved={() => {
          moving?.api.reload();
          setMoving(null);
        }}
      />
      <ParamsDrawer device={params} onClose={() => setParams(null)} />
      <ImportDialog
        open={importing}
        onClose={(changed) => {
          if (changed) setVersion((v) => v + 1);
          setImporting(false);
        }}
      />
    </>
  );
}
