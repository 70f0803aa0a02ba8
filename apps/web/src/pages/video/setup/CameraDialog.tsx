import {
  type AddVideoCameraBody,
  addVideoCameraBody,
  CAMERA_KINDS,
  CAMERA_PURPOSES,
  type CameraKind,
  updateVideoCameraBody,
  type VideoCamera,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getAreaPoints, getGroupPoint } from '../../../api/points';
import { addCamera, updateCamera } from '../../../api/video';
import { parkLabel, useParkStore } from '../../../stores/park';
import { useSchemaForm } from '../../../utils/useSchemaForm';

/** Form fields and their text keys (video.setup.<key>, the park's under video). */
const LABEL_KEYS = {
  name: 'setup.name',
  groupId: 'park',
  plotId: 'setup.plot',
  longitude: 'setup.longitude',
  latitude: 'setup.latitude',
  kind: 'setup.kind',
  deviceSerial: 'setup.deviceSerial',
  channelNo: 'setup.channelNo',
  streamUrl: 'setup.streamUrl',
  ptz: 'setup.ptz',
  purpose: 'setup.purpose',
  snapshotEveryMinutes: 'setup.scheduleShort',
  enabled: 'setup.enabled',
  recordAlways: 'setup.recordAlways',
  unchecked: 'setup.unchecked',
} as const;

interface Props {
  /** The camera-class device being set up (a camera not set up yet has kind null). */
  camera: VideoCamera | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A camera's video settings, checked with the contract's own rules; the stream URL is write-only. */
export default function CameraDialog({ camera, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const parks = useParkStore((s) => s.parks);
  // a new camera goes to the park the console shows now, unless another is picked
  const activeGroupId = useParkStore((s) => s.activeGroupId);
  const [form] = Form.useForm<AddVideoCameraBody>();
  const labels = Object.fromEntries(Object.entries(LABEL_KEYS).map(([f, k]) => [f, t(`video.${k}`)]));
  const { rule, submit, saving } = useSchemaForm(form, {
    // A stored stream URL is kept when the field stays blank, so only a new camera needs one.
    schema: camera?.streamUrl ? updateVideoCameraBody : addVideoCameraBody,
    toBody: (v: AddVideoCameraBody) => ({
      ...v,
      streamUrl: v.streamUrl || undefined,
      plotId: v.plotId ?? null,
      ...(camera ? { id: camera.id } : {}),
    }),
    labels,
  });
  const groupId = Form.useWatch('groupId', form) as number | undefined;
  const kind = Form.useWatch('kind', form) as CameraKind | undefined;
  const plots = useQuery({
    queryKey: ['video', 'plots', groupId],
    queryFn: async () => {
      const point = await getGroupPoint(groupId as number);
      return point ? getAreaPoints(point.pointId) : [];
    },
    enabled: groupId !== undefined,
  });

  useEffect(() => {
    if (!camera) return;
    form.setFieldsValue({
      name: camera.name,
      groupId: camera.groupId,
      plotId: camera.plotId,
      longitude: camera.longitude,
      latitude: camera.latitude,
      kind: camera.kind ?? 'stream',
      deviceSerial: camera.deviceSerial ?? undefined,
      channelNo: camera.channelNo ?? 1,
      streamUrl: '',
      ptz: camera.ptz,
      purpose: camera.purpose,
      snapshotEveryMinutes: camera.snapshotEveryMinutes,
      enabled: camera.enabled,
      recordAlways: camera.recordAlways,
    });
  }, [camera, form]);

  const save = async () => {
    const saved = await submit((body) => (camera ? updateCamera({ ...body, id: camera.id }) : addCamera(body)));
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title={camera ? t('video.setup.edit') : t('video.setup.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          groupId: parks.some((p) => p.groupId === activeGroupId) ? activeGroupId : undefined,
          kind: 'stream',
          channelNo: 1,
          ptz: false,
          purpose: 'general',
          snapshotEveryMinutes: 0,
          enabled: true,
          recordAlways: false,
          unchecked: false,
        }}
        data-testid="camera-form"
      >
        <Form.Item name="name" label={labels.name} rules={[rule('name')]} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="groupId" label={labels.groupId} rules={[rule('groupId')]} required>
          <Select options={parks.map((p) => ({ value: p.groupId, label: parkLabel(p) }))} data-testid="camera-park" />
        </Form.Item>
        <Form.Item name="plotId" label={labels.plotId}>
          <Select allowClear options={(plots.data ?? []).map((p) => ({ value: p.areaPointId, label: p.areaName }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="longitude" label={labels.longitude} rules={[rule('longitude')]}>
            <InputNumber style={{ width: 160 }} step={0.0001} />
          </Form.Item>
          <Form.Item name="latitude" label={labels.latitude} rules={[rule('latitude')]}>
            <InputNumber style={{ width: 160 }} step={0.0001} />
          </Form.Item>
        </Space>
        <Form.Item name="kind" label={labels.kind}>
          <Radio.Group options={CAMERA_KINDS.map((k) => ({ value: k, label: t(`video.kinds.${k}`) }))} />
        </Form.Item>
        {kind === 'ezviz' ? (
          <Space wrap>
            <Form.Item name="deviceSerial" label={labels.deviceSerial} rules={[rule('deviceSerial')]} required>
              <Input style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="channelNo" label={labels.channelNo} rules={[rule('channelNo')]}>
              <InputNumber min={1} max={256} />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item
            name="streamUrl"
            label={labels.streamUrl}
            required={!camera?.streamUrl}
            extra={
              camera?.streamUrl
                ? `${camera.streamUrl} — ${t('video.setup.streamUrlKeep')}`
                : t('video.setup.streamUrlHint')
            }
            rules={[rule('streamUrl')]}
          >
            <Input autoComplete="off" placeholder="rtsp://… / https://….m3u8 / https://….flv" />
          </Form.Item>
        )}
        <Space wrap size="large">
          <Form.Item name="ptz" label={labels.ptz} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="recordAlways"
            label={labels.recordAlways}
            valuePropName="checked"
            tooltip={t('video.setup.recordAlwaysHelp')}
          >
            <Switch data-testid="camera-recordAlways" />
          </Form.Item>
          <Form.Item name="purpose" label={labels.purpose}>
            <Select
              style={{ width: 120 }}
              options={CAMERA_PURPOSES.map((p) => ({ value: p, label: t(`video.purposes.${p}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="snapshotEveryMinutes" label={t('video.setup.schedule')} rules={[rule('snapshotEveryMinutes')]}>
          <InputNumber min={0} max={1440} />
        </Form.Item>
        {/* the server reaches the camera on save and says why it cannot; this saves it anyway */}
        <Form.Item name="unchecked" valuePropName="checked" extra={t('video.setup.uncheckedHint')}>
          <Checkbox data-testid="camera-unchecked">{t('video.setup.unchecked')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
