import '../areaTexts';
import {
  type DeviceClass,
  defaultPlacement,
  deviceClassNames,
  type ErrorDetail,
  type PlotSensor,
  type PlotSensors,
  type SensorPlacement,
} from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Modal, Radio, Select, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlotSensors, updatePlotSensors } from '../../../../api/production';
import { RequestError } from '../../../../api/request';
import { isEnglish } from '../../../../i18n';
import { useAppStore } from '../../../../stores/app';
import { saveDialogProps, wideDialogProps } from '../../../../utils/dialog';
import { showDetails } from '../../../../utils/formRules';
import { useFormSave } from '../../../../utils/formSave';
import { paramName } from '../params';

interface Row {
  on: boolean;
  keys: string[];
  placement: SensorPlacement;
}
interface Values {
  sensors: Row[];
}

/** The dialog's rows, one per device of the park that can measure, from what judges the plot now. */
function rowsOf(p: PlotSensors): Row[] {
  return p.devices.map((d) => {
    const now = p.sensors.find((s) => s.deviceId === d.deviceId);
    const fallback = p.defaults.find((s) => s.deviceId === d.deviceId);
    return {
      on: now !== undefined,
      keys: now?.keys ?? fallback?.keys ?? d.keys,
      placement: now?.placement ?? fallback?.placement ?? defaultPlacement(d.deviceClass as DeviceClass),
    };
  });
}

/**
 * "Sensors of this plot": every device of the park that can measure, ticked when it judges the plot, with
 * the parameters it serves and where it measures; the defaults are marked. Saving binds the ticked ones
 * (the server's answer is what the dialog then shows); "Back to defaults" removes the binding.
 */
export default function PlotSensorsDialog(props: { groupId: number; areaPointId: number | null; onClose: () => void }) {
  const { groupId, areaPointId } = props;
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const phone = useAppStore((s) => s.device === 'mobile');
  const en = isEnglish(i18n.language);
  const classNames = deviceClassNames(en ? 'en' : 'zh');
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { saving, save } = useFormSave(form);
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.sensors.${k}`, o);
  const key = ['production', 'plotSensors', groupId, areaPointId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => getPlotSensors(groupId, areaPointId as number),
    enabled: areaPointId !== null,
  });
  const p = q.data;
  useEffect(() => {
    if (p) form.setFieldsValue({ sensors: rowsOf(p) });
  }, [p, form]);

  /** The server's answer is the plot as it now stands: shown here, and the planting's monitoring reread. */
  const confirmed = (next: PlotSensors, text: string) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: ['production', 'planting'] });
    message.success(text);
  };

  // A refusal names `sensors.<n>` of the list sent (the ticked rows only): put it under the dialog's row.
  const underRow = (sent: number[]) => (err: unknown) => {
    if (!(err instanceof RequestError) || err.kind !== 'api') return false;
    const details = err.details.flatMap((d): ErrorDetail[] => {
      const m = /^sensors\.(\d+)\.(\w+)/.exec(d.field ?? '');
      const row = m ? sent[Number(m[1])] : undefined;
      if (!m || row === undefined) return [];
      return [{ ...d, field: `sensors.${row}.${m[2] === 'deviceId' ? 'on' : m[2]}` }];
    });
    if (details.length === 0) return false;
    const labels = { sensors: lbl('device'), on: lbl('device'), keys: lbl('keys'), placement: lbl('placement') };
    const rest = showDetails(form, details, labels, err.message);
    if (rest.length > 0) message.error(rest.join(' '));
    return true;
  };

  const submit = async () => {
    if (!p || areaPointId === null) return;
    let sent: number[] = [];
    await save(
      async (v) => {
        sent = v.sensors.flatMap((r, i) => (r.on ? [i] : []));
        const sensors = sent.map((i) => ({
          deviceId: p.devices[i].deviceId,
          keys: v.sensors[i].keys,
          placement: v.sensors[i].placement,
        }));
        // with nothing ticked the plot returns to its defaults: the server says so in its answer
        const next = await updatePlotSensors({ groupId, areaPointId, sensors });
        confirmed(next, next.source === 'explicit' ? lbl('saved') : lbl('defaultsRestored'));
      },
      (err) => underRow(sent)(err),
    );
  };

  const backToDefaults = async () => {
    if (areaPointId === null) return;
    try {
      confirmed(await updatePlotSensors({ groupId, areaPointId, sensors: [] }), lbl('defaultsRestored'));
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const defaultTag = (s: PlotSensor | undefined) =>
    s ? <Tag color="blue">{s.why === 'parkWeather' ? lbl('parkWeather') : lbl('inPlot')}</Tag> : null;

  return (
    <Modal
      {...wideDialogProps(phone, 720)}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: props.onClose, testId: 'plot-sensors-save' })}
      open={areaPointId !== null}
      title={p ? lbl('title', { plot: p.areaPointName }) : lbl('open')}
    >
      {q.isLoading ? <Skeleton active /> : null}
      {q.error ? <Alert type="error" showIcon title={(q.error as Error).message} /> : null}
      {p ? (
        <>
          <Alert
            type={p.source === 'explicit' ? 'success' : 'info'}
            showIcon
            data-testid="plot-sensors-source"
            title={p.source === 'explicit' ? lbl('explicit') : lbl('default')}
            description={p.source === 'explicit' ? lbl('explicitHelp') : lbl('defaultHelp')}
            action={
              p.source === 'explicit' ? (
                <Button size="small" onClick={backToDefaults} data-testid="plot-sensors-defaults">
                  {lbl('useDefaults')}
                </Button>
              ) : undefined
            }
            style={{ marginBottom: 12 }}
          />
          {p.devices.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={lbl('none')} /> : null}
          <Form form={form} layout="vertical" data-testid="plot-sensors-form">
            {p.devices.map((d, i) => (
              <div
                key={d.deviceId}
                data-testid={`plot-sensor-${d.deviceId}`}
                style={{ borderTop: '1px solid rgba(0,0,0,0.06)', paddingTop: 8 }}
              >
                <Form.Item name={['sensors', i, 'on']} valuePropName="checked" style={{ marginBottom: 4 }}>
                  <Checkbox>
                    <Space size={4} wrap>
                      <strong>{d.deviceName}</strong>
                      <span style={{ color: 'rgba(0,0,0,0.55)' }}>{classNames[d.deviceClass as DeviceClass]}</span>
                      {defaultTag(p.defaults.find((s) => s.deviceId === d.deviceId))}
                    </Space>
                  </Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate={(a, b) => a.sensors?.[i]?.on !== b.sensors?.[i]?.on}>
                  {({ getFieldValue }) =>
                    getFieldValue(['sensors', i, 'on']) ? (
                      <Space wrap align="start" style={{ width: '100%' }}>
                        <Form.Item
                          name={['sensors', i, 'keys']}
                          label={lbl('keys')}
                          style={{ minWidth: phone ? 300 : 420, marginBottom: 8 }}
                          rules={[
                            {
                              type: 'array',
                              min: 1,
                              required: true,
                              message: t('validation.required', { field: lbl('keys') }),
                            },
                          ]}
                        >
                          <Select
                            mode="multiple"
                            data-testid={`plot-sensor-keys-${d.deviceId}`}
                            options={d.keys.map((k) => ({ value: k, label: paramName(k, en) }))}
                          />
                        </Form.Item>
                        <Form.Item
                          name={['sensors', i, 'placement']}
                          label={lbl('placement')}
                          style={{ marginBottom: 8 }}
                        >
                          <Radio.Group
                            options={[
                              { value: 'indoor', label: lbl('indoor') },
                              { value: 'outdoor', label: lbl('outdoor') },
                            ]}
                          />
                        </Form.Item>
                      </Space>
                    ) : null
                  }
                </Form.Item>
              </div>
            ))}
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
