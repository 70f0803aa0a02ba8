import { Card, Empty, Grid, Slider } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../utils/time';
import { PictureDayPicker } from './Browse';
import { useDayPictures } from './dayPictures';

/** One side: a day and a time slider over that day's pictures, the nearest picture large. */
function Side({
  cameraId,
  initial,
  title,
  testId,
}: {
  cameraId: number;
  initial: Dayjs;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(initial);
  const [at, setAt] = useState<number | null>(null);
  const pictures = useDayPictures(cameraId, day).data ?? [];
  const index = at === null ? pictures.length - 1 : Math.min(at, pictures.length - 1);
  const shown = pictures[index];
  return (
    <Card size="small" title={title} style={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <PictureDayPicker
        cameraId={cameraId}
        value={day}
        onChange={(d) => {
          setDay(d);
          setAt(null);
        }}
      />
      {shown ? (
        <>
          <img
            src={shown.url}
            alt={formatTime(shown.takenAt)}
            style={{ width: '100%', marginTop: 8, display: 'block' }}
          />
          <div style={{ marginTop: 4 }}>
            {t('video.seedling.time')}: {formatTime(shown.takenAt, 'hm')}
          </div>
          {pictures.length > 1 && (
            <Slider
              min={0}
              max={pictures.length - 1}
              value={index}
              onChange={(v) => setAt(v)}
              tooltip={{ formatter: (v) => (v === undefined ? '' : formatTime(pictures[v]?.takenAt, 'hm')) }}
            />
          )}
        </>
      ) : (
        <Empty description={t('video.seedling.noPictures')} />
      )}
    </Card>
  );
}

/** Two days of one camera side by side (stacked on a phone): how the seedlings grew. */
export default function Compare({ cameraId, day }: { cameraId: number; day: Dayjs }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().md;
  return (
    <div style={{ display: 'flex', gap: 12, flexDirection: phone ? 'column' : 'row' }}>
      <Side
        cameraId={cameraId}
        initial={day.subtract(1, 'day')}
        title={t('video.seedling.left')}
        testId="compare-left"
      />
      <Side cameraId={cameraId} initial={day} title={t('video.seedling.right')} testId="compare-right" />
    </div>
  );
}
