import '../../components/areaTexts';
import './areaTexts';
import { IRRIGATION_LIMITS, type IrrigationMachine, type IrrigationProgram } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getProgramList, removeProgram, saveProgram } from '../../api/irrigation';
import { formatTime } from '../../utils/time';
import { amountText, confirmProgramText, recipeText, zoneOptions, zonesText } from './confirm';
import RunFields, { runFieldsOf, runPartOf } from './RunFields';
import { useZoneNames } from './zoneNames';

/** Programs of the water-fertiliser machines: the server runs them at their start times. */
export default function Programs({ groupId, machines }: { groupId: number; machines: IrrigationMachine[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Partial<IrrigationProgram> | null>(null);
  const [form] = Form.useForm();
  const { modal } = App.useApp();
  const q = useQuery({ queryKey: ['irrigation', 'programs', groupId], queryFn: () => getProgramList(groupId) });
  const weekdays = t('irr.weekdays', { returnObjects: true }) as string[];
  const refresh = () => client.invalidateQueries({ queryKey: ['irrigation', 'programs'] });
  const namesOf = useZoneNames();

  const open = (p: Partial<IrrigationProgram>) => {
    setEditing(p);
    form.setFieldsValue({
      deviceId: p.deviceId ?? machines[0]?.deviceId,
      name: p.name ?? '',
      startTimes: p.startTimes ?? ['06:00'],
      days: p.days ?? [1, 2, 3, 4, 5, 6, 7],
      zones: p.zones ?? [1],
      ...runFieldsOf(p.durationMin === undefined ? { durationMin: 10 } : p),
      enabled: p.enabled ?? true,
    });
  };
  const deviceId: number | undefined = Form.useWatch('deviceId', form);
  const machine = machines.find((m) => m.deviceId === deviceId);
  const fertigation = machine?.deviceClass === 'waterFertilizer';
  // validated, then confirmed with what the program will do at each start, then saved
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { mode, amount, recipeKind, tank1, tank2, tank3, tank4, ecTarget, phTarget, ...rest } = v;
    const part = runPartOf({ mode, amount, recipeKind, tank1, tank2, tank3, tank4, ecTarget, phTarget }, fertigation);
    const body = { ...rest, ...part, programId: editing?.programId };
    modal.confirm({
      title: confirmProgramText(t, v.name, {
        machine: machine?.deviceName ?? '',
        zones: v.zones,
        names: namesOf(deviceId),
        ...part,
      }),
      okText: t('command.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await saveProgram(body);
        setEditing(null);
        void refresh();
      },
    });
  };

  return (
    <Card
      size="small"
      title={t('irr.programs')}
      data-testid="programs"
      extra={
        <Button size="small" onClick={() => open({})} disabled={machines.length === 0} data-testid="add-program">
          {t('irr.addProgram')}
        </Button>
      }
    >
      <Table<IrrigationProgram>
        rowKey="programId"
        size="small"
        pagination={false}
        scroll={{ x: 900 }}
        dataSource={q.data ?? []}
        columns={[
          { title: t('irr.name'), dataIndex: 'name' },
          { title: t('irr.device'), dataIndex: 'deviceName' },
          { title: t('irr.startTimes'), render: (_, p) => p.startTimes.join(', ') },
          { title: t('irr.days'), render: (_, p) => p.days.map((d) => weekdays[d - 1]).join(' ') },
          // in watering order (the machine waters them one after another)
          { title: t('irr.zones'), render: (_, p) => zonesText(t, p.zones, namesOf(p.deviceId)) },
          { title: t('irr.perZone'), render: (_, p) => amountText(t, p) },
          { title: t('irr.recipe'), render: (_, p) => recipeText(t, p.recipe) },
          { title: t('irr.enabled'), render: (_, p) => (p.enabled ? t('live.on') : t('live.off')) },
          { title: t('irr.nextAt'), render: (_, p) => formatTime(p.nextAt, 'short', { empty: '-' }) },
          {
            title: t('irr.lastSlots'),
            render: (_, p) =>
              p.lastSlots.slice(0, 3).map((s) => (
                <Tag
                  key={s.slotAt}
                  color={s.outcome === 'started' ? 'green' : s.outcome === 'missed' ? 'default' : 'red'}
                  title={s.detail}
                >
                  {formatTime(s.slotAt, 'short')} {t(`irr.slot.${s.outcome}`)}
                </Tag>
              )),
          },
          {
            title: '',
            render: (_, p) => (
              <Space>
                <Button size="small" type="link" onClick={() => open(p)}>
                  {t('common.edit', 'Edit')}
                </Button>
                <Popconfirm title={t('irr.confirmRemove')} onConfirm={() => removeProgram([p.programId]).then(refresh)}>
                  <Button size="small" type="link" danger>
                    {t('irr.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t('irr.program')}
        width={640}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('irr.save')}
        mask={{ closable: false }}
      >
        <Form form={form} layout="vertical" data-testid="program-form">
          <Form.Item name="deviceId" label={t('irr.device')} rules={[{ required: true }]}>
            <Select options={machines.map((m) => ({ value: m.deviceId, label: m.deviceName }))} />
          </Form.Item>
          <Form.Item name="name" label={t('irr.name')} rules={[{ required: true }]}>
            <Input maxLength={100} data-testid="program-name" />
          </Form.Item>
          <Form.Item name="startTimes" label={t('irr.startTimes')} rules={[{ required: true }]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="06:00" data-testid="program-times" />
          </Form.Item>
          <Form.Item name="days" label={t('irr.days')} rules={[{ required: true }]}>
            <Checkbox.Group options={weekdays.map((w, i) => ({ value: i + 1, label: w }))} />
          </Form.Item>
          <Form.Item name="zones" label={t('irr.zones')} rules={[{ required: true }]}>
            <Select mode="multiple" options={zoneOptions(t, 16, namesOf(deviceId))} />
          </Form.Item>
          <RunFields limits={IRRIGATION_LIMITS.program} fertigation={fertigation} perZone />
          <Form.Item name="enabled" label={t('irr.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
