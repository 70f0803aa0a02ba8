import './areaTexts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

const MAX_MB = 5;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Sends one picture as its bytes (the server checks what it really is), then the list reloads. */
export default function PictureUpload({
  upload,
  onDone,
  testId,
}: {
  upload: (file: Blob) => Promise<unknown>;
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Upload
      accept={TYPES.join(',')}
      showUploadList={false}
      beforeUpload={(file) => {
        if (!TYPES.includes(file.type)) {
          message.error(t('production.picture.type'));
          return Upload.LIST_IGNORE;
        }
        if (file.size > MAX_MB * 1024 * 1024) {
          message.error(t('production.picture.size', { mb: MAX_MB }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload(file as Blob).then(
          (r) => {
            onSuccess?.(r);
            message.success(t('production.picture.saved'));
            onDone();
          },
          (err: Error) => onError?.(err),
        );
      }}
    >
      <Button type="link" size="small" icon={<UploadOutlined />} data-testid={testId}>
        {t('production.picture.upload')}
      </Button>
    </Upload>
  );
}
