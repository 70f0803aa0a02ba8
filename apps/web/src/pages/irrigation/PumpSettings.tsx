import './areaTexts';
import { alterMachineSettingsBody, type IrrigationMachine, PUMP_DEFAULTS } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterMachineSettings } from '../../api/irrigation';
import { contractRule, showServerFieldError } from '../../utils/formRules';
import { useFormSave } from '../../utils/formSave';

type Values = { minRunMin: number; minRestMin: number; maxStartsPerHour: number };
const FIELDS = ['minRunMin', 'minRestMin', 'maxStartsPerHour'] as const;

/**
 * A machine's pump protection: least run, least rest and most starts per hour, which every start of the
 * machine (manual, program, smart) must keep. Each field is checked against the contract under it; a save
 * shows success only after the server confirmed.
 */
export default function PumpSettings({ machine }: { machine: IrrigationMachine }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!machine.settings) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`pump-${machine.deviceId}`}>
        {t('irrPump.open')}
      </Button>
      {open ? <PumpDialog machine={machine} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PumpDialog({ machine, onClose }: { machine: IrrigationMachine; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { saving, save: saveForm } = useFormSave(form);
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`irrPump.${f}`)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const s = machine.settings ?? { ...PUMP_DEFAULTS, own: false };
  const save = () =>
    saveForm(
      async (v) => {
        await alterMachineSettings({ deviceId: machine.deviceId, ...v });
        await client.invalidateQueries({ queryKey: ['irrigation'] });
        message.success(t('irrPump.saved', { machine: machine.deviceName }));
        onClose();
      },
      (err) => showServerFieldError(form, err, labels),
    );
  return (
    <Modal
      open
      rootClassName="pump-settings-dialog"
      title={t('irrPump.title', { machine: machine.deviceName })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="pump-save">
          {t('common.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('irrPump.intro')} {s.own ? null : t('irrPump.defaults')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        data-testid="pump-form"
        initialValues={{ minRunMin: s.minRunMin, minRestMin: s.minRestMin, maxStartsPerHour: s.maxStartsPerHour }}
      >
        {FIELDS.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={labels[f]}
            extra={t(`irrPump.${f}Help`, { value: PUMP_DEFAULTS[f] })}
            rules={[contractRule(alterMachineSettingsBody.shape[f], labels[f])]}
          >
            <InputNumber style={{ width: 160 }} data-testid={`pump-${f}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
