import '../areaTexts';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FarmWork } from '@farmpark/contracts';
import { App, Button, Form, Image, Popconfirm, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFarmWorkPhoto, farmWorkPhotoUrl, removeFarmWorkPhoto } from '../../../../api/production';

/** Photos of one farm work: uploaded one by one (the server checks each picture), shown and removed here. */
export default function WorkPhotos({ work }: { work: FarmWork }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ids, setIds] = useState(work.photoIds);
  const [busy, setBusy] = useState(false);
  return (
    <Form.Item label={t('productionStock.work.photos')}>
      <Space wrap>
        <Image.PreviewGroup>
          {ids.map((id) => (
            <Space key={id} direction="vertical" size={0} align="center">
              <Image src={farmWorkPhotoUrl(id)} width={96} height={72} style={{ objectFit: 'cover' }} />
              <Popconfirm
                title={t('crud.removeConfirm', { name: `#${id}` })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  await removeFarmWorkPhoto(id);
                  setIds((l) => l.filter((x) => x !== id));
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.remove')} />
              </Popconfirm>
            </Space>
          ))}
        </Image.PreviewGroup>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              const res = await addFarmWorkPhoto(work.id, file as Blob);
              setIds((l) => [...l, res.id]);
              message.success(t('crud.saved'));
            } catch {
              // the request client has said why
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('productionStock.work.addPhoto')}
          </Button>
        </Upload>
      </Space>
    </Form.Item>
  );
}
