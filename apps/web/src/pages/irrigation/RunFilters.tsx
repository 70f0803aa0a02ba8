import './areaTexts';
import { type IrrigationClass, RUN_STATES, RUN_TRIGGERS, ZONE_COUNT } from '@farmpark/contracts';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import ZoneHint from '../../components/filters/ZoneHint';
import { useActivePark } from '../../stores/park';
import { pickedDays } from '../../utils/time';
import { zoneOptions } from './confirm';
import { useZoneNames } from './zoneNames';

/** The query of the running record: what the list and its export send. */
export interface RunQuery {
  deviceId?: number;
  zone?: number;
  trigger?: string;
  state?: string;
  startTime?: number;
  endTime?: number;
}

interface Values {
  deviceId?: number;
  zone?: number;
  trigger?: string;
  state?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** Machine, zone, trigger, outcome and days (the park's days) of the running record. */
export default function RunFilters({
  deviceClass,
  phone,
  onApply,
}: {
  deviceClass: IrrigationClass;
  phone: boolean;
  onApply: (q: RunQuery) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('deviceId', form);
  // zone numbers with the chosen machine's names (without a machine, zone n of any machine)
  const names = useZoneNames()(chosen);
  const park = useActivePark();
  const machines = (park?.devices ?? []).filter((d) => d.deviceClass === deviceClass);
  const w = (px: number) => (phone ? '100%' : px);
  /** A filter picked from a list, cleared back to "any". */
  const pick = (
    name: keyof Values,
    label: string,
    width: number,
    options: { value: string | number; label: string }[],
  ) => (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width: w(width) }} options={options} />
    </Form.Item>
  );
  const apply = (v: Values) => {
    const [startTime, endTime] = v.range ? pickedDays(v.range) : [];
    onApply({ deviceId: v.deviceId, zone: v.zone, trigger: v.trigger, state: v.state, startTime, endTime });
  };
  return (
    <Form
      form={form}
      layout={phone ? 'vertical' : 'inline'}
      onFinish={apply}
      style={{ rowGap: 12, marginBottom: 12 }}
      data-testid="run-filter-form"
    >
      {pick(
        'deviceId',
        t('irr.device'),
        180,
        machines.map((d) => ({ value: d.deviceId, label: d.deviceName })),
      )}
      <Form.Item name="zone" label={t('irr.zones')}>
        <Select
          allowClear
          style={{ width: w(140) }}
          popupMatchSelectWidth={false}
          options={zoneOptions(t, ZONE_COUNT[deviceClass], names)}
        />
      </Form.Item>
      {pick(
        'trigger',
        t('irr.filter.trigger'),
        130,
        RUN_TRIGGERS.map((v) => ({ value: v, label: t(`irr.trigger.${v}`) })),
      )}
      {pick(
        'state',
        t('irr.outcome'),
        120,
        RUN_STATES.map((v) => ({ value: v, label: t(`irr.runState.${v}`) })),
      )}
      <Form.Item name="range" label={t('irr.filter.time')}>
        <DatePicker.RangePicker style={{ width: w(260) }} />
      </Form.Item>
      <Form.Item>
        <ZoneHint />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" data-testid="run-search">
          {t('crud.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            apply({});
          }}
        >
          {t('crud.reset')}
        </Button>
      </Space>
    </Form>
  );
}
