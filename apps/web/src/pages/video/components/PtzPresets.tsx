import '../areaTexts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { addPtzPresetBody } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Popover, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPtzPreset, getPtzPresets, gotoPtzPreset, removePtzPreset } from '../../../api/video';
import { useSchemaForm } from '../../../utils/useSchemaForm';

/** A PTZ camera's presets under its pad: choose one to turn the camera there, save where it points, delete. */
export default function PtzPresets({ cameraId }: { cameraId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['video', 'ptzPresets', cameraId];
  const presets = useQuery({ queryKey: key, queryFn: () => getPtzPresets(cameraId) });
  const [chosen, setChosen] = useState<number | null>(null);
  const [turning, setTurning] = useState(false);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const labels = { name: t('video.presets.name') };
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: addPtzPresetBody,
    toBody: (v) => ({ cameraId, name: v.name ?? '' }),
    labels,
  });
  const current = presets.data?.find((p) => p.id === chosen);

  const goTo = async (id: number) => {
    setChosen(id);
    setTurning(true);
    try {
      await gotoPtzPreset(id);
    } catch {
      // the request client has said why
    } finally {
      setTurning(false);
    }
  };
  const save = () =>
    submit(async (body) => {
      const preset = await addPtzPreset(body.cameraId, body.name);
      message.success(t('video.presets.saved', { name: preset.name }));
      form.resetFields();
      setNaming(false);
      setChosen(preset.id);
      await queryClient.invalidateQueries({ queryKey: key });
    });
  const remove = async (id: number) => {
    try {
      await removePtzPreset(id);
      message.success(t('video.presets.removed'));
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // the request client has said why
    }
  };

  return (
    <Space.Compact size="small" data-testid={`ptz-presets-${cameraId}`}>
      <Select
        size="small"
        style={{ width: 84 }}
        popupMatchSelectWidth={false}
        placeholder={t('video.presets.title')}
        aria-label={t('video.presets.goTo')}
        loading={presets.isPending || turning}
        notFoundContent={t('video.presets.none')}
        value={chosen ?? undefined}
        options={(presets.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(id: number) => void goTo(id)}
        data-testid={`ptz-preset-select-${cameraId}`}
      />
      <Popover
        trigger="click"
        open={naming}
        onOpenChange={setNaming}
        title={t('video.presets.add')}
        content={
          <Form form={form} layout="vertical" onFinish={() => void save()} style={{ width: 220 }}>
            <Form.Item name="name" label={labels.name} required rules={[rule('name')]}>
              <Input maxLength={40} autoFocus data-testid="ptz-preset-name" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} block data-testid="ptz-preset-save">
              {t('common.save')}
            </Button>
          </Form>
        }
      >
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('video.presets.add')}
          data-testid={`ptz-preset-add-${cameraId}`}
        />
      </Popover>
      {current && (
        <Popconfirm title={t('video.presets.remove', { name: current.name })} onConfirm={() => remove(current.id)}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('video.presets.remove', { name: current.name })}
            data-testid={`ptz-preset-remove-${cameraId}`}
          />
        </Popconfirm>
      )}
    </Space.Compact>
  );
}
