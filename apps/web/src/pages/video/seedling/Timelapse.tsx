import type { TimelapseItem } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, InputNumber, List, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTimelapse, getTimelapse, getTimelapses } from '../../../api/video';
import ExportButton from '../../../components/ExportButton';
import { formatTime, fromPicker } from '../../../utils/time';
import { MinuteRangePicker, useRecentRange } from '../components/MinuteRange';
import VideoPlayer from '../components/VideoPlayer';

const running = (j: TimelapseItem | undefined) => j?.state === 'queued' || j?.state === 'running';

/** A job's progress, then its video to play and download. */
function Job({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: ['video', 'timelapse', id],
    queryFn: async () => {
      const j = await getTimelapse(id);
      if (!running(j)) void queryClient.invalidateQueries({ queryKey: ['video', 'timelapses'] });
      return j;
    },
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  }).data;
  if (!job) return null;
  const percent = job.frames ? Math.round((job.done / job.frames) * 100) : 0;
  return (
    <Card size="small" data-testid="timelapse-job" data-state={job.state}>
      <Space wrap>
        <Tag color={job.state === 'done' ? 'green' : job.state === 'failed' ? 'red' : 'blue'}>
          {t(`video.seedling.state.${job.state}`)}
        </Tag>
        <span>
          {formatTime(job.start, 'short')} – {formatTime(job.end, 'short')}
        </span>
        <span>{t('video.seedling.frames', { done: job.done, frames: job.frames })}</span>
      </Space>
      {running(job) && <Progress percent={percent} status="active" />}
      {job.state === 'failed' && <Alert type="error" showIcon message={job.error} />}
      {job.state === 'done' && (
        <>
          <div style={{ maxWidth: 720, aspectRatio: '4 / 3', margin: '8px 0' }}>
            <VideoPlayer source={{ kind: 'mp4', url: job.url }} controls testId="timelapse-video" />
          </div>
          <ExportButton url={() => job.url} label={t('video.seedling.download')} testId="timelapse-download" />
        </>
      )}
    </Card>
  );
}

/** Make a time-lapse of a range of the camera's pictures; earlier ones are listed to play again. */
export default function Timelapse({ cameraId }: { cameraId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [range, setRange] = useRecentRange(1, 'day');
  const [fps, setFps] = useState(10);
  const [current, setCurrent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const history = useQuery({ queryKey: ['video', 'timelapses', cameraId], queryFn: () => getTimelapses(cameraId) });

  const make = async () => {
    setBusy(true);
    try {
      const job = await addTimelapse(cameraId, fromPicker(range[0]), fromPicker(range[1]), fps);
      setCurrent(job.id);
      void queryClient.invalidateQueries({ queryKey: ['video', 'timelapses'] });
    } catch {
      // the request client has shown why (e.g. no pictures in the range)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <MinuteRangePicker value={range} onChange={setRange} testId="timelapse-range" />
        <span>{t('video.seedling.fps')}</span>
        <InputNumber min={1} max={30} value={fps} onChange={(v) => setFps(v ?? 10)} style={{ width: 72 }} />
        <Button type="primary" loading={busy} onClick={() => void make()} data-testid="timelapse-make">
          {t('video.seedling.make')}
        </Button>
      </Space>
      {current !== null && <Job key={current} id={current} />}
      <List
        size="small"
        header={t('video.seedling.history')}
        dataSource={(history.data ?? []).filter((j) => j.id !== current)}
        renderItem={(j) => (
          <List.Item
            actions={[
              <Button key="open" type="link" size="small" onClick={() => setCurrent(j.id)}>
                {t('video.play')}
              </Button>,
            ]}
          >
            <Space wrap>
              <Tag>{t(`video.seedling.state.${j.state}`)}</Tag>
              {formatTime(j.start, 'short')} – {formatTime(j.end, 'short')}
              <span style={{ color: '#888' }}>
                {t('video.seedling.created')} {formatTime(j.createdAt, 'short')}
              </span>
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
