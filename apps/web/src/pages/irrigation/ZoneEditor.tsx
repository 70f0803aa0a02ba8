import './areaTexts';
import { alterZoneBody, type IrrigationMachine, type IrrigationZone } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Result, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterZone, getZonePlotList } from '../../api/irrigation';
import { useParkStore } from '../../stores/park';
import { contractRule, showServerFieldError } from '../../utils/formRules';
import { useFormSave } from '../../utils/formSave';
import { zoneLabel } from './confirm';
import { useParkZones } from './zoneNames';

/**
 * Names a machine's zones and links each to the plot it waters. One dialog, two views: the list of
 * zones, and the form of the zone being edited. A save shows success only after the server confirmed.
 */
export default function ZoneEditor({ machine }: { machine: IrrigationMachine }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`zones-${machine.deviceId}`}>
        {t('irrZones.open')}
      </Button>
      {open ? <ZoneDialog machine={machine} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ZoneDialog({ machine, onClose }: { machine: IrrigationMachine; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const groupId = useParkStore((s) => s.activeGroupId);
  const zones = useParkZones();
  const plots = useQuery({
    queryKey: ['irrigation', 'zonePlots', groupId],
    queryFn: () => getZonePlotList(groupId as number),
    enabled: groupId !== null,
  });
  const [editing, setEditing] = useState<IrrigationZone | null>(null);
  const [form] = Form.useForm<{
    name: string;
    areaPointId: number | null;
    areaM2: number | null;
    efficiency: number | null;
  }>();
  const { saving, save: saveForm } = useFormSave(form);
  const mine = (zones.data ?? []).filter((z) => z.deviceId === machine.deviceId);
  const labels = {
    name: t('irrZones.name'),
    areaPointId: t('irrZones.plot'),
    areaM2: t('irrZones.areaM2'),
    efficiency: t('irrZones.efficiency'),
  };

  const edit = (z: IrrigationZone) => {
    setEditing(z);
    form.setFieldsValue({ name: z.name ?? '', areaPointId: z.areaPointId, areaM2: z.areaM2, efficiency: z.efficiency });
  };
  const save = async () => {
    if (!editing) return;
    await saveForm(
      async (v) => {
        const saved = await alterZone({
          deviceId: machine.deviceId,
          zoneNo: editing.zoneNo,
          name: (v.name ?? '').trim(),
          areaPointId: v.areaPointId ?? null,
          areaM2: v.areaM2 ?? null,
          efficiency: v.efficiency ?? null,
        });
        await client.invalidateQueries({ queryKey: ['irrigation', 'zones'] });
        message.success(t('irrZones.saved', { zone: zoneLabel(t, saved.zoneNo, saved.name ?? saved.areaPointName) }));
        setEditing(null);
      },
      (err) => showServerFieldError(form, err, labels),
    );
  };

  const list = zones.isError ? (
    <Result
      status="warning"
      title={t('irrZones.loadFailed')}
      extra={<Button onClick={() => void zones.refetch()}>{t('irrZones.retry')}</Button>}
    />
  ) : (
    <Table<IrrigationZone>
      rowKey="zoneNo"
      size="small"
      loading={zones.isLoading}
      pagination={false}
      dataSource={mine}
      scroll={{ y: '50vh' }}
      data-testid="zone-table"
      columns={[
        { title: t('irrZones.zone'), width: 72, render: (_, z) => t('irr.confirm.zone', { n: z.zoneNo }) },
        {
          title: t('irrZones.name'),
          render: (_, z) => z.name ?? <Typography.Text type="secondary">{t('irrZones.unnamed')}</Typography.Text>,
        },
        {
          title: t('irrZones.plot'),
          render: (_, z) =>
            z.areaPointName ?? <Typography.Text type="secondary">{t('irrZones.noPlot')}</Typography.Text>,
        },
        {
          title: '',
          width: 64,
          render: (_, z) => (
            <Button type="link" size="small" onClick={() => edit(z)} data-testid={`edit-zone-${z.zoneNo}`}>
              {t('irrZones.edit')}
            </Button>
          ),
        },
      ]}
    />
  );

  return (
    <Modal
      open
      rootClassName="zone-editor-dialog"
      width={680}
      style={{ top: '10vh', maxWidth: 'calc(100vw - 16px)' }}
      mask={{ closable: false }}
      destroyOnHidden
      title={
        editing
          ? t('irrZones.editTitle', { zone: t('irr.confirm.zone', { n: editing.zoneNo }) })
          : t('irrZones.title', { machine: machine.deviceName })
      }
      onCancel={onClose}
      footer={
        editing ? (
          <Space wrap>
            <Button onClick={() => setEditing(null)}>{t('irrZones.back')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="zone-save">
              {t('common.save')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('common.close')}</Button>
        )
      }
    >
      {editing ? (
        <Form form={form} layout="vertical" data-testid="zone-form">
          <Form.Item name="name" label={labels.name} rules={[contractRule(alterZoneBody.shape.name, labels.name)]}>
            <Input placeholder={t('irrZones.namePlaceholder')} data-testid="zone-name" />
          </Form.Item>
          <Form.Item
            name="areaPointId"
            label={labels.areaPointId}
            extra={plots.isSuccess && plots.data.length === 0 ? t('irrZones.noPlots') : undefined}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={plots.isLoading}
              placeholder={t('irrZones.plotPlaceholder')}
              data-testid="zone-plot"
              options={(plots.data ?? []).map((p) => ({
                value: p.areaPointId,
                label: p.crop ? `${p.name} · ${p.crop}` : p.name,
              }))}
            />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item
              name="areaM2"
              label={labels.areaM2}
              extra={t('irrZones.areaHelp')}
              rules={[contractRule(alterZoneBody.shape.areaM2, labels.areaM2)]}
            >
              <InputNumber data-testid="zone-area" />
            </Form.Item>
            <Form.Item
              name="efficiency"
              label={labels.efficiency}
              extra={t('irrZones.efficiencyHelp')}
              rules={[contractRule(alterZoneBody.shape.efficiency, labels.efficiency)]}
            >
              <InputNumber step={0.05} data-testid="zone-efficiency" />
            </Form.Item>
          </Space>
        </Form>
      ) : (
        list
      )}
    </Modal>
  );
}
