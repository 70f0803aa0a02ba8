import '../../components/areaTexts';
import './areaTexts';
import { IRRIGATION_LIMITS, type IrrigationClass, type IrrigationMachine, ZONE_COUNT } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startRun } from '../../api/irrigation';
import { RequestError } from '../../api/request';
import { confirmStartText, type RunPlan, zoneOptions } from './confirm';
import RunFields, { type RunFieldValues, runFieldsOf, runPartOf } from './RunFields';
import { useZoneNames } from './zoneNames';

/**
 * Start a run: zones, duration or volume, and (water-fertiliser machine) a recipe. The fields are
 * checked first; only a valid form opens the confirmation, which says exactly what will be sent.
 */
export default function StartForm({ machine }: { machine: IrrigationMachine }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<(RunPlan & ReturnType<typeof runPartOf>) | null>(null);
  const cls = machine.deviceClass as IrrigationClass;
  const names = useZoneNames()(machine.deviceId);
  const zones: number[] = Form.useWatch('zones', form) ?? [];
  const fertigation = cls === 'waterFertilizer';
  const blocked = !machine.online || machine.activeRun !== null || zones.length === 0;

  const ask = async () => {
    // an invalid field shows its message and nothing is asked or sent
    const v = (await form.validateFields().catch(() => null)) as (RunFieldValues & { zones: number[] }) | null;
    if (!v) return;
    setPlan({ machine: machine.deviceName, zones: v.zones, names, ...runPartOf(v, fertigation) });
  };
  const submit = async () => {
    if (!plan) return;
    const { machine: _name, names: _names, zones: planned, ...part } = plan;
    setPlan(null);
    setBusy(true);
    try {
      await startRun({ deviceId: machine.deviceId, zones: planned, ...part });
    } catch (err) {
      // a refusal (the machine busy, pump protection) was shown by the request client: the server's sentence
      if (!(err instanceof RequestError)) throw err;
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
      initialValues={runFieldsOf({ durationMin: 10 })}
      data-testid={`start-form-${machine.deviceId}`}
    >
      <Form.Item name="zones" label={t('irr.zones')} rules={[{ required: true, message: t('irr.chooseZones') }]}>
        <Select mode="multiple" data-testid="start-zones" options={zoneOptions(t, ZONE_COUNT[cls], names)} />
      </Form.Item>
      <RunFields limits={IRRIGATION_LIMITS.run} fertigation={fertigation} />
      <Popconfirm
        open={plan !== null}
        title={plan ? confirmStartText(t, plan) : ''}
        onConfirm={submit}
        onCancel={() => setPlan(null)}
        okText={t('command.confirmOk')}
        cancelText={t('common.cancel')}
      >
        <Button type="primary" loading={busy} disabled={blocked} onClick={() => void ask()} data-testid="start-run">
          {t('irr.start')}
        </Button>
      </Popconfirm>
    </Form>
  );
}
