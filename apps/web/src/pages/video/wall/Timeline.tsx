import type { RecordingRange } from '@farmpark/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../utils/time';

export interface TimelineEvent {
  id: number;
  at: number;
  label: string;
}

/**
 * The chosen range as a bar (any length): recorded spans filled, alarm events as marks, the playhead where
 * the player is. A click on a recorded span asks to play from that moment. Works at 390 px (it is as wide
 * as its card, the labels are the range's two ends).
 */
export function Timeline(props: {
  from: number;
  to: number;
  spans: RecordingRange[];
  events: TimelineEvent[];
  playhead: number | null;
  onSeek: (at: number) => void;
}) {
  const { t } = useTranslation();
  const { from, to, spans, events, playhead } = props;
  const width = Math.max(1, to - from);
  const pct = (at: number) => `${(Math.min(Math.max(at - from, 0), width) / width) * 100}%`;
  const click = (e: React.MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = from + ((e.clientX - box.left) / box.width) * width;
    const inside = spans.find((s) => at >= s.from && at <= s.to);
    if (inside) props.onSeek(at);
  };
  return (
    <div data-testid="playback-timeline" style={{ margin: '12px 0' }}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the speed and play buttons are the keyboard's way; the bar is a pointer shortcut */}
      <div
        onClick={click}
        style={{ position: 'relative', height: 28, background: '#f0f0f0', borderRadius: 4, cursor: 'pointer' }}
      >
        {spans.map((s) => (
          <div
            key={s.from}
            data-testid="timeline-span"
            title={`${formatTime(s.from, 'short')} – ${formatTime(s.to, 'short')}`}
            style={{
              position: 'absolute',
              top: 6,
              bottom: 6,
              left: pct(s.from),
              width: `max(2px, calc(${pct(s.to)} - ${pct(s.from)}))`,
              background: '#52c41a',
              borderRadius: 2,
            }}
          />
        ))}
        {events.map((e) => (
          <Tooltip key={e.id} title={`${formatTime(e.at, 'short')} ${e.label}`}>
            <div
              data-testid="timeline-alarm"
              style={{ position: 'absolute', top: 0, bottom: 0, left: pct(e.at), width: 3, background: '#ff4d4f' }}
            />
          </Tooltip>
        ))}
        {playhead !== null && (
          <div
            data-testid="timeline-playhead"
            style={{ position: 'absolute', top: -2, bottom: -2, left: pct(playhead), width: 2, background: '#1677ff' }}
          />
        )}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#888', flexWrap: 'wrap' }}>
        <span>{formatTime(from, 'short')}</span>
        <span>
          <span style={{ color: '#52c41a' }}>■</span> {t('video.recordings')}{' '}
          <span style={{ color: '#ff4d4f' }}>■</span> {t('video.alarmEvents')}
        </span>
        <span>{formatTime(to, 'short')}</span>
      </div>
    </div>
  );
}

/**
 * The playlist of a range holds only what was recorded, back to back: its time `t` is the recorded time
 * before the moment. These two convert between the player's seconds and the wall clock through the spans.
 */
export function playerSeconds(spans: RecordingRange[], at: number): number {
  let s = 0;
  for (const r of spans) {
    if (at <= r.from) break;
    s += (Math.min(at, r.to) - r.from) / 1000;
  }
  return s;
}
export function wallClock(spans: RecordingRange[], seconds: number): number | null {
  let left = seconds * 1000;
  for (const r of spans) {
    if (left <= r.to - r.from) return r.from + left;
    left -= r.to - r.from;
  }
  return spans.length ? (spans[spans.length - 1] as RecordingRange).to : null;
}
