import '../areaTexts';
import { type DeviceInfo, type ParamSetting, type ParamView, paramDef } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Grid, Input, InputNumber, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterDeviceParamConfig, getDeviceParamConfig } from '../../../api/devices';
import { isEnglish } from '../../../i18n';

/**
 * Per-device variable names, units, decimals and visibility, edited as one table and saved together.
 * An emptied name is not an error: the server takes it as "back to the model's name", and the field
 * says so (with that name) before anyone saves.
 */
export default function ParamsDrawer({ device, onClose }: { device: DeviceInfo | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const phone = !Grid.useBreakpoint().md;
  const config = useQuery({
    queryKey: ['paramConfig', device?.deviceId],
    queryFn: () => getDeviceParamConfig(device!.deviceId),
    enabled: device !== null,
  });
  const [rows, setRows] = useState<ParamView[]>([]);
  useEffect(() => setRows(config.data?.params ?? []), [config.data]);
  const patch = (key: string, p: Partial<ParamView>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const lbl = (k: string) => t(`devmgt.params.${k}`);
  const defaultName = (key: string) => {
    const def = device ? paramDef(device.deviceClass, key) : undefined;
    return def ? (isEnglish(i18n.language) ? def.en : def.zh) : key;
  };
  const save = async () => {
    const paramList: ParamSetting[] = rows.map((r) => ({
      key: r.key,
      name: r.name,
      unit: r.unit,
      decimals: r.decimals,
      hidden: r.hidden,
    }));
    const reset = rows.filter((r) => r.name.trim() === '').length;
    try {
      await alterDeviceParamConfig(device!.deviceId, paramList);
      message.success(reset ? t('devmgt.params.savedWithReset', { count: reset }) : lbl('saved'));
      onClose();
    } catch {
      // shown by the request client, naming the parameter
    }
  };
  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={device ? lbl('title').replace('{{name}}', device.deviceName) : ''}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={save} data-testid="params-save">
          {t('common.save')}
        </Button>
      }
    >
      <Table<ParamView>
        rowKey="key"
        size="small"
        loading={config.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 560 }}
        data-testid="params-table"
        columns={[
          { title: lbl('key'), dataIndex: 'key', width: 120 },
          {
            title: lbl('name'),
            dataIndex: 'name',
            render: (v: string, r) => (
              <>
                <Input
                  value={v}
                  maxLength={64}
                  status={v.trim() === '' ? 'warning' : undefined}
                  placeholder={defaultName(r.key)}
                  onChange={(e) => patch(r.key, { name: e.target.value })}
                  data-testid={`param-name-${r.key}`}
                />
                {v.trim() === '' && (
                  <Typography.Text type="warning" data-testid={`param-name-${r.key}-reset`}>
                    {t('devmgt.params.emptyName', { name: defaultName(r.key) })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: lbl('unit'),
            dataIndex: 'unit',
            width: 100,
            render: (v: string, r) => (
              <Input value={v} maxLength={32} onChange={(e) => patch(r.key, { unit: e.target.value })} />
            ),
          },
          {
            title: lbl('decimals'),
            dataIndex: 'decimals',
            width: 90,
            render: (v: number, r) => (
              <InputNumber
                value={v}
                min={0}
                max={6}
                precision={0}
                onChange={(n) => patch(r.key, { decimals: n ?? 0 })}
              />
            ),
          },
          {
            title: lbl('hidden'),
            dataIndex: 'hidden',
            width: 70,
            render: (v: boolean, r) => (
              <Switch size="small" checked={v} onChange={(c) => patch(r.key, { hidden: c })} />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
