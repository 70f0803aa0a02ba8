import {
  CAMERA_KINDS,
  CAMERA_PURPOSES,
  type CameraKind,
  type IssueLike,
  type VideoCamera,
  videoCameraFields,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAreaPoints, getGroupPoint } from '../../../api/points';
import { addCamera, updateCamera } from '../../../api/video';
import { parkLabel, useParkStore } from '../../../stores/park';
import { contractRule, issueMessage, showServerFieldError } from '../../../utils/formRules';

const FIELDS = [
  'name',
  'groupId',
  'plotId',
  'longitude',
  'latitude',
  'kind',
  'deviceSerial',
  'channelNo',
  'streamUrl',
  'ptz',
  'purpose',
  'snapshotEveryMinutes',
  'enabled',
  'unchecked',
] as const;

interface Props {
  /** The camera-class device being set up (a camera not set up yet has kind null). */
  camera: VideoCamera | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A camera's video settings, checked with the contract's own rules; the stream URL is write-only. */
export default function CameraDialog({ camera, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const parks = useParkStore((s) => s.parks);
  // a new camera goes to the park the console shows now, unless another is picked
  const activeGroupId = useParkStore((s) => s.activeGroupId);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
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
  const label = (f: string) => t(`video.setup.${f === 'groupId' ? 'plot' : f}`);
  const rule = (f: (typeof FIELDS)[number], name: string) => contractRule(videoCameraFields.shape[f], name, t);
  const checkUrl = (v: unknown) => {
    if (!v) return;
    const r = videoCameraFields.shape.streamUrl.safeParse(v);
    if (!r.success) throw new Error(issueMessage(r.error.issues[0] as IssueLike, label('streamUrl'), t));
  };

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
    });
  }, [camera, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, streamUrl: v.streamUrl || undefined, plotId: v.plotId ?? null };
    setSaving(true);
    try {
      if (camera) await updateCamera({ ...body, id: camera.id });
      else await addCamera(body);
      onSaved();
    } catch (err) {
      if (!showServerFieldError(form, err, FIELDS, t)) message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
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
          unchecked: false,
        }}
        data-testid="camera-form"
      >
        <Form.Item name="name" label={t('video.setup.name')} rules={[rule('name', t('video.setup.name'))]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="groupId" label={t('video.park')} rules={[rule('groupId', t('video.park'))]}>
          <Select options={parks.map((p) => ({ value: p.groupId, label: parkLabel(p) }))} data-testid="camera-park" />
        </Form.Item>
        <Form.Item name="plotId" label={t('video.setup.plot')}>
          <Select allowClear options={(plots.data ?? []).map((p) => ({ value: p.areaPointId, label: p.areaName }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="longitude" label={label('longitude')} rules={[rule('longitude', label('longitude'))]}>
            <InputNumber style={{ width: 160 }} step={0.0001} />
          </Form.Item>
          <Form.Item name="latitude" label={label('latitude')} rules={[rule('latitude', label('latitude'))]}>
            <InputNumber style={{ width: 160 }} step={0.0001} />
          </Form.Item>
        </Space>
        <Form.Item name="kind" label={t('video.setup.kind')}>
          <Radio.Group options={CAMERA_KINDS.map((k) => ({ value: k, label: t(`video.kinds.${k}`) }))} />
        </Form.Item>
        {kind === 'ezviz' ? (
          <Space wrap>
            <Form.Item
              name="deviceSerial"
              label={label('deviceSerial')}
              rules={[{ required: true, message: t('validation.required', { field: label('deviceSerial') }) }]}
            >
              <Input style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="channelNo" label={label('channelNo')} rules={[rule('channelNo', label('channelNo'))]}>
              <InputNumber min={1} max={256} />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item
            name="streamUrl"
            label={label('streamUrl')}
            extra={
              camera?.streamUrl
                ? `${camera.streamUrl} — ${t('video.setup.streamUrlKeep')}`
                : t('video.setup.streamUrlHint')
            }
            rules={[
              // a stored URL is kept when the field stays blank
              camera?.streamUrl
                ? {}
                : { required: true, message: t('validation.required', { field: label('streamUrl') }) },
              { validator: async (_r, v) => checkUrl(v) },
            ]}
          >
            <Input autoComplete="off" placeholder="rtsp://… / https://….m3u8 / https://….flv" />
          </Form.Item>
        )}
        <Space wrap size="large">
          <Form.Item name="ptz" label={t('video.setup.ptz')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('video.setup.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="purpose" label={t('video.setup.purpose')}>
            <Select
              style={{ width: 120 }}
              options={CAMERA_PURPOSES.map((p) => ({ value: p, label: t(`video.purposes.${p}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="snapshotEveryMinutes"
          label={t('video.setup.schedule')}
          rules={[rule('snapshotEveryMinutes', t('video.setup.scheduleShort'))]}
        >
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
