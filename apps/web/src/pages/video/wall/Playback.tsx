import { CLIP_MAX_MS, type PlayAnswer, type RecordingRange } from '@farmpark/contracts';
import { Alert, Button, Card, Empty, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAlarmList } from '../../../api/alarms';
import { downloadClip, getRecordings, playback } from '../../../api/video';
import { saveFile } from '../../../utils/saveFile';
import { fromPicker } from '../../../utils/time';
import { MinuteRangePicker, useRecentRange } from '../components/MinuteRange';
import type { WallCamera } from '../components/useCameras';
import VideoPlayer from '../components/VideoPlayer';
import { playerSeconds, Timeline, type TimelineEvent, wallClock } from './Timeline';

const SPEEDS = [1, 2, 4, 8] as const;

/**
 * Recorded video: pick a camera and any range; a timeline shows what was recorded in it and the park's
 * alarms; play it at 1/2/4/8x (the player's playbackRate), jump by clicking the timeline, export a clip of
 * the range (at most an hour) as an MP4 file.
 */
export default function Playback({ cameras }: { cameras: WallCamera[] }) {
  const { t } = useTranslation();
  const [cameraId, setCameraId] = useState<number | null>(cameras[0]?.id ?? null);
  const [range, setRange] = useRecentRange(1, 'hour');
  const [asked, setAsked] = useState<{ from: number; to: number } | null>(null);
  const [answer, setAnswer] = useState<PlayAnswer | null>(null);
  const [spans, setSpans] = useState<RecordingRange[]>([]);
  const [events, setEvents] = useState<TimelineEvent[]>([]);
  const [speed, setSpeed] = useState<number>(1);
  const [playhead, setPlayhead] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const video = () => box.current?.querySelector('video') ?? null;

  const play = async () => {
    if (cameraId === null) return;
    const [from, to] = [fromPicker(range[0]), fromPicker(range[1])];
    const groupId = cameras.find((c) => c.id === cameraId)?.groupId;
    setBusy(true);
    try {
      const [a, r] = await Promise.all([playback(cameraId, from, to), getRecordings(cameraId, from, to)]);
      setAsked({ from, to });
      setAnswer(a);
      setSpans(r);
      setPlayhead(r[0]?.from ?? null);
      // the park's alarms in the range; a role without the alarm page sees the spans alone
      const alarms = await getAlarmList(
        { groupId, startTime: from, endTime: to, pageNum: 1, pageSize: 500 },
        { silent: true },
      ).catch(() => null);
      setEvents(
        (alarms?.list ?? []).map((x) => ({ id: x.id, at: x.raisedAt, label: `${x.deviceName} ${x.ruleName}` })),
      );
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  // the player's rate follows the speed buttons (also after a new source loads) and the playhead its time
  useEffect(() => {
    const timer = setInterval(() => {
      const v = video();
      if (!v) return;
      if (v.playbackRate !== speed) v.playbackRate = speed;
      if (!v.paused) setPlayhead(wallClock(spans, v.currentTime));
    }, 250);
    return () => clearInterval(timer);
  });

  const seek = (at: number) => {
    const v = video();
    if (!v) return;
    v.currentTime = playerSeconds(spans, at);
    setPlayhead(at);
    void v.play().catch(() => {});
  };

  const exportClip = async () => {
    if (cameraId === null || !asked) return;
    const from = Math.max(asked.from, spans[0]?.from ?? asked.from);
    const to = Math.min(asked.to, from + CLIP_MAX_MS);
    setExporting(true);
    try {
      const { blob, filename } = await downloadClip(cameraId, from, to);
      saveFile(blob, filename || `camera-${cameraId}.mp4`);
    } catch {
      // the request client has shown why
    } finally {
      setExporting(false);
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
        <MinuteRangePicker value={range} onChange={setRange} testId="playback-range" />
        <Button type="primary" loading={busy} onClick={() => void play()} data-testid="playback-play">
          {t('video.play')}
        </Button>
      </Space>
      {answer?.ok === false && (
        <Alert type="warning" showIcon message={t(`video.refused.${answer.reason}`, answer.message)} />
      )}
      {asked && (
        <Timeline from={asked.from} to={asked.to} spans={spans} events={events} playhead={playhead} onSeek={seek} />
      )}
      {answer?.ok ? (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <span>{t('video.speed')}</span>
            <Radio.Group
              optionType="button"
              size="small"
              value={speed}
              onChange={(e) => setSpeed(e.target.value)}
              options={SPEEDS.map((s) => ({ value: s, label: `${s}x` }))}
              data-testid="playback-speed"
            />
            <Button size="small" loading={exporting} onClick={() => void exportClip()} data-testid="playback-clip">
              {t('video.exportClip')}
            </Button>
          </Space>
          <div ref={box} style={{ maxWidth: 960, aspectRatio: '16 / 9' }}>
            <VideoPlayer source={{ kind: answer.kind, url: answer.url }} controls testId="playback-video" />
          </div>
        </>
      ) : (
        !answer && <Empty description={t('video.range')} />
      )}
    </Card>
  );
}
