import { CameraOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraSnapshot } from '../../../api/video';
import TileButton from './TileButton';

/**
 * The tile's snapshot button: the picture is fetched with the session (a tab of the raw URL showed an
 * offline camera's answer as JSON) and shown here with a download link; a camera that cannot give one
 * is told in words by the request client.
 */
export default function SnapshotButton({ cameraId, name, testId }: { cameraId: number; name: string; testId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);
  useEffect(() => () => void (picture && URL.revokeObjectURL(picture)), [picture]);
  const take = async () => {
    setBusy(true);
    try {
      setPicture(URL.createObjectURL(await cameraSnapshot(cameraId)));
    } catch {
      // the request client has said why, in words
    } finally {
      setBusy(false);
    }
  };
  const title = t('video.snapshotOf', { name });
  return (
    <>
      <TileButton
        title={t('video.snapshot')}
        icon={<CameraOutlined />}
        loading={busy}
        onClick={() => void take()}
        testId={testId}
      />
      {picture && (
        <Modal
          open
          title={title}
          onCancel={() => setPicture(null)}
          width={720}
          footer={
            <Button icon={<DownloadOutlined />} href={picture} download={`${name}.jpg`}>
              {t('video.download')}
            </Button>
          }
        >
          <img src={picture} alt={title} style={{ width: '100%' }} data-testid="snapshot-picture" />
        </Modal>
      )}
    </>
  );
}
