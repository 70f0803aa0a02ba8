import { type IrrigationClass, type IrrigationMachine, TANKS, ZONE_COUNT } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Popconfirm, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startRun } from '../../api/irrigation';

type RecipeKind = 'none' | 'tanks' | 'ec';

/** Start a run: zones, duration or volume, and (water-fertiliser machine) a recipe; confirmed first. */
export default function StartForm({ machine }: { machine: IrrigationMachine }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<'durationMin' | 'volumeM3'>('durationMin');
  const [recipe, setRecipe] = useState<RecipeKind>('none');
  const [busy, setBusy] = useState(false);
  const cls = machine.deviceClass as IrrigationClass;
  const zones: number[] = Form.useWatch('zones', form) ?? [];
  const fertigation = cls === 'waterFertilizer';

  const submit = async () => {
    const v = await form.validateFields();
    const body: Record<string, unknown> = { deviceId: machine.deviceId, zones: v.zones, [mode]: v.amount };
    if (fertigation && recipe === 'tanks') {
      body.recipe = { tanks: Object.fromEntries(TANKS.filter((k) => v[k]).map((k) => [k, v[k]])) };
    }
    if (fertigation && recipe === 'ec') {
      body.recipe = { ecTarget: v.ecTarget, ...(v.phTarget ? { phTarget: v.phTarget } : {}) };
    }
    setBusy(true);
    try {
      await startRun(body);
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: ['irrigation'] });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      initialValues={{ amount: 10 }}
      data-testid={`start-form-${machine.deviceId}`}
    >
      <Form.Item name="zones" label={t('irr.zones')} rules={[{ required: true }]}>
        <Select
          mode="multiple"
          data-testid="start-zones"
          options={Array.from({ length: ZONE_COUNT[cls] }, (_, i) => ({ value: i + 1, label: `${i + 1}` }))}
        />
      </Form.Item>
      <Space wrap align="end">
        <Form.Item label={t('irr.mode')}>
          <Segmented
            value={mode}
            onChange={(m) => setMode(m as typeof mode)}
            options={[
              { value: 'durationMin', label: t('irr.byDuration') },
              { value: 'volumeM3', label: t('irr.byVolume') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('irr.amount')} rules={[{ required: true }]}>
          <InputNumber min={0.1} max={mode === 'durationMin' ? 1440 : 10000} data-testid="start-amount" />
        </Form.Item>
      </Space>
      {fertigation ? (
        <>
          <Form.Item label={t('irr.recipe')}>
            <Segmented
              value={recipe}
              onChange={(r) => setRecipe(r as RecipeKind)}
              data-testid="start-recipe"
              options={[
                { value: 'none', label: t('irr.recipeNone') },
                { value: 'tanks', label: t('irr.recipeTanks') },
                { value: 'ec', label: t('irr.recipeEc') },
              ]}
            />
          </Form.Item>
          {recipe === 'tanks' ? (
            <Space wrap>
              {TANKS.map((k) => (
                <Form.Item key={k} name={k} label={t(`irr.tank.${k}`)}>
                  <InputNumber min={0} max={100} style={{ width: 80 }} data-testid={`start-${k}`} />
                </Form.Item>
              ))}
            </Space>
          ) : null}
          {recipe === 'ec' ? (
            <Space wrap>
              <Form.Item name="ecTarget" label={t('irr.ecTarget')} rules={[{ required: true }]}>
                <InputNumber min={0} max={10} step={0.1} data-testid="start-ec" />
              </Form.Item>
              <Form.Item name="phTarget" label={t('irr.phTarget')}>
                <InputNumber min={3} max={9} step={0.1} />
              </Form.Item>
            </Space>
          ) : null}
        </>
      ) : null}
      <Popconfirm
        title={t('irr.confirmStart', { device: machine.deviceName, zones: zones.join(', ') })}
        onConfirm={submit}
        okText={t('command.confirmOk')}
        cancelText={t('common.cancel')}
        disabled={!machine.online || machine.activeRun !== null || zones.length === 0}
      >
        <Button
          type="primary"
          loading={busy}
          disabled={!machine.online || machine.activeRun !== null || zones.length === 0}
          data-testid="start-run"
        >
          {t('irr.start')}
        </Button>
      </Popconfirm>
    </Form>
  );
}
