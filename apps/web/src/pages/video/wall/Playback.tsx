import type { PlayAnswer, RecordingRange } from '@farmpark/contracts';
import { Alert, Button, Card, Empty, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRecordings, playback } from '../../../api/video';
import { formatTime, fromPicker } from '../../../utils/time';
import { MinuteRangePicker, useRecentRange } from '../components/MinuteRange';
import type { WallCamera } from '../components/useCameras';
import VideoPlayer from '../components/VideoPlayer';

/** Recorded video: pick a camera and a range, see what was recorded in it, play it. */
export default function Playback({ cameras }: { cameras: WallCamera[] }) {
  const { t } = useTranslation();
  const [cameraId, setCameraId] = useState<number | null>(cameras[0]?.id ?? null);
  const [range, setRange] = useRecentRange(1, 'hour');
  const [answer, setAnswer] = useState<PlayAnswer | null>(null);
  const [stretches, setStretches] = useState<RecordingRange[] | null>(null);
  const [busy, setBusy] = useState(false);

  const play = async () => {
    if (cameraId === null) return;
    const [from, to] = [fromPicker(range[0]), fromPicker(range[1])];
    setBusy(true);
    try {
      const [a, r] = await Promise.all([playback(cameraId, from, to), getRecordings(cameraId, from, to)]);
      setAnswer(a);
      setStretches(r);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('video.pickCamera')}
          value={cameraId ?? undefined}
          onChange={(v) => setCameraId(v)}
          options={cameras.map((c) => ({ value: c.id, label: c.name }))}
          data-testid="playback-camera"
        />
        <MinuteRangePicker value={range} onChange={setRange} />
        <Button type="primary" loading={busy} onClick={() => void play()} data-testid="playback-play">
          {t('video.play')}
        </Button>
      </Space>
      {stretches && stretches.length > 0 && (
        <div style={{ marginBottom: 8 }}>
          {t('video.recordings')}:{' '}
          {stretches.map((s) => (
            <Tag key={s.from}>
              {formatTime(s.from, 'short')} – {formatTime(s.to, 'hm')}
            </Tag>
          ))}
        </div>
      )}
      {answer?.ok === false && (
        <Alert type="warning" showIcon message={t(`video.refused.${answer.reason}`, answer.message)} />
      )}
      {answer?.ok ? (
        <div style={{ maxWidth: 960, aspectRatio: '16 / 9' }}>
          <VideoPlayer source={{ kind: answer.kind, url: answer.url }} controls testId="playback-video" />
        </div>
      ) : (
        !answer && <Empty description={t('video.range')} />
      )}
    </Card>
  );
}
