import '../areaTexts';
import { UploadOutlined } from '@ant-design/icons';
import { VIDEO_MAX_BYTES } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Select, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addVideo, getFarmWorkOptions } from '../../../../api/production';
import { dialogProps } from '../../../../utils/dialog';
import { showServerFieldError } from '../../../../utils/formRules';
import { parkNow } from '../../../../utils/time';
import { dayOf } from '../usePark';

interface Values {
  title: string;
  areaPointId?: number;
  plantingId?: number;
  shotOn: Dayjs;
}

/** Uploads one MP4 clip with its title, plot, planting and day (the server checks the file is an MP4). */
export default function VideoUploadDialog(props: {
  groupId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const plot = Form.useWatch('areaPointId', form);
  const lbl = (k: string) => t(`productionStock.video.${k}`);
  const options = useQuery({
    queryKey: ['productionStock', 'videoOptions', props.groupId],
    queryFn: () => getFarmWorkOptions(props.groupId),
    enabled: props.open,
  });
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue({ shotOn: parkNow() });
    setFile(null);
    setFileError(null);
  }, [props.open, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!file) {
      setFileError(lbl('fileRequired'));
      return;
    }
    setSaving(true);
    try {
      await addVideo(
        {
          groupId: props.groupId,
          title: v.title,
          areaPointId: v.areaPointId ?? null,
          plantingId: v.plantingId ?? null,
          shotOn: dayOf(v.shotOn) as string,
        },
        file.type === 'video/mp4' ? file : new Blob([file], { type: 'application/octet-stream' }),
      );
      message.success(t('crud.saved'));
      props.onSaved();
    } catch (err) {
      const labels = {
        title: lbl('title'),
        areaPointId: lbl('plot'),
        plantingId: lbl('planting'),
        shotOn: lbl('shotOn'),
      };
      if (!showServerFieldError(form, err, labels)) setFileError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const required = (k: string) => [{ required: true, message: t('validation.required', { field: lbl(k) }) }];
  return (
    <Modal
      {...dialogProps({ width: 600 })}
      open={props.open}
      title={lbl('upload')}
      onCancel={props.onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={saving ? lbl('uploading') : t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'video-save' }}
    >
      <Form form={form} layout="vertical" data-testid="video-form">
        <Form.Item name="title" label={lbl('title')} required rules={required('title')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="areaPointId" label={lbl('plot')}>
          <Select
            allowClear
            options={(options.data?.plots ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFieldValue('plantingId', undefined)}
          />
        </Form.Item>
        <Form.Item name="plantingId" label={lbl('planting')}>
          <Select
            allowClear
            options={(options.data?.plantings ?? [])
              .filter((p) => plot === undefined || p.areaPointId === plot)
              .map((p) => ({ value: p.id, label: p.label }))}
          />
        </Form.Item>
        <Form.Item name="shotOn" label={lbl('shotOn')} required rules={required('shotOn')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={lbl('file')}
          required
          extra={file ? `${file.name} (${(file.size / 1024 / 1024).toFixed(1)} MB)` : lbl('fileHelp')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Upload
            accept="video/mp4"
            showUploadList={false}
            beforeUpload={(f) => {
              if (f.size > VIDEO_MAX_BYTES) setFileError(lbl('tooLarge'));
              else {
                setFile(f);
                setFileError(null);
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="video-file">
              {lbl('chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
