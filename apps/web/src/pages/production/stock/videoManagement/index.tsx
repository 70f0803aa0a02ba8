import '../areaTexts';
import { UploadOutlined } from '@ant-design/icons';
import { formatBytes, type TraceVideo } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getVideoList, type ListParams, removeVideo, videoFileUrl } from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import FileUsage, { FILE_USAGE_KEY } from '../../../../components/FileUsage';
import NoPark from '../NoPark';
import { useStockPark } from '../usePark';
import VideoUploadDialog from './VideoUploadDialog';

/** Production > traceability videos: MP4 clips of a plot or planting, played here (seeking works: ranges). */
export default function VideoManagementPage() {
  const groupId = useStockPark();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [playing, setPlaying] = useState<TraceVideo | null>(null);
  if (groupId === null) return <NoPark />;
  const lbl = (k: string) => t(`productionStock.video.${k}`);
  return (
    <>
      <CrudPage<TraceVideo>
        key={groupId}
        testId="video"
        rowKey="id"
        fetchList={(p: ListParams) => getVideoList({ ...p, groupId })}
        remove={removeVideo}
        rowLabel={(v) => v.title}
        toolbar={
          <>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setUploading(true)}
              data-testid="video-upload"
            >
              {lbl('upload')}
            </Button>
            <FileUsage />
          </>
        }
        keyword={lbl('title')}
        columns={[
          { title: lbl('title'), dataIndex: 'title', ellipsis: true },
          { title: lbl('plot'), dataIndex: 'areaName', width: 130, render: (v: string | null) => v ?? '—' },
          { title: lbl('shotOn'), dataIndex: 'shotOn', width: 110 },
          { title: lbl('size'), dataIndex: 'bytes', width: 100, render: (v: number) => formatBytes(v) },
        ]}
        rowActions={(v) => (
          <Button type="link" size="small" onClick={() => setPlaying(v)} data-testid={`video-play-${v.id}`}>
            {lbl('play')}
          </Button>
        )}
      />
      <VideoUploadDialog
        groupId={groupId}
        open={uploading}
        onClose={() => setUploading(false)}
        onSaved={() => {
          setUploading(false);
          void queryClient.invalidateQueries({ queryKey: ['crud', 'video'] });
          void queryClient.invalidateQueries({ queryKey: FILE_USAGE_KEY });
        }}
      />
      <Modal
        open={playing !== null}
        title={playing?.title}
        footer={null}
        width={800}
        onCancel={() => setPlaying(null)}
        destroyOnHidden
      >
        {playing && (
          // biome-ignore lint/a11y/useMediaCaption: farm clips have no spoken words to caption
          <video
            src={videoFileUrl(playing.id)}
            controls
            autoPlay
            style={{ width: '100%' }}
            data-testid="video-player"
          />
        )}
      </Modal>
    </>
  );
}
