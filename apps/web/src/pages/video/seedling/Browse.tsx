import { CameraOutlined } from '@ant-design/icons';
import type { SnapshotItem } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, DatePicker, Empty, Image, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeSnapshot, thumbOf } from '../../../api/video';
import { formatTime } from '../../../utils/time';
import { useDayPictures, usePictureDays } from './dayPictures';

/** A date picker whose days with pictures carry a dot. */
export function PictureDayPicker(props: {
  cameraId: number | null;
  value: Dayjs;
  onChange: (d: Dayjs) => void;
  testId?: string;
}) {
  const days = usePictureDays(props.cameraId);
  return (
    <DatePicker
      value={props.value}
      allowClear={false}
      onChange={(d) => d && props.onChange(d)}
      data-testid={props.testId}
      cellRender={(current, info) => {
        if (info.type !== 'date') return info.originNode;
        const d = current as Dayjs;
        return days.has(d.format('YYYY-MM-DD')) ? (
          <Badge dot offset={[-2, 2]}>
            {info.originNode}
          </Badge>
        ) : (
          info.originNode
        );
      }}
    />
  );
}

/** The pictures of a day as a grid of thumbnails, each opening the full picture. */
export function PictureGrid({ pictures, loading }: { pictures: SnapshotItem[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Spin />;
  if (pictures.length === 0) return <Empty description={t('video.seedling.noPictures')} />;
  return (
    <Image.PreviewGroup items={pictures.map((p) => p.url)}>
      <div
        data-testid="picture-grid"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}
      >
        {pictures.map((p) => (
          <figure key={p.id} style={{ margin: 0 }}>
            <Image
              src={thumbOf(p.url)}
              preview={{ src: p.url }}
              style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
            />
            <figcaption style={{ fontSize: 12, color: '#888' }}>{formatTime(p.takenAt, 'hm')}</figcaption>
          </figure>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/** One day of a camera's pictures; a picture can be taken now. */
export default function Browse({ cameraId, day, onDay }: { cameraId: number; day: Dayjs; onDay: (d: Dayjs) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const pictures = useDayPictures(cameraId, day);
  const [taking, setTaking] = useState(false);
  const take = async () => {
    setTaking(true);
    try {
      await takeSnapshot(cameraId);
      message.success(t('video.seedling.taken'));
      await queryClient.invalidateQueries({ queryKey: ['video'] });
    } catch {
      // the request client has shown why
    } finally {
      setTaking(false);
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <PictureDayPicker cameraId={cameraId} value={day} onChange={onDay} testId="seedling-day" />
        <span>{t('video.seedling.pictures', { count: pictures.data?.length ?? 0 })}</span>
        <Button icon={<CameraOutlined />} loading={taking} onClick={() => void take()} data-testid="seedling-take">
          {t('video.seedling.takeNow')}
        </Button>
      </Space>
      <PictureGrid pictures={pictures.data ?? []} loading={pictures.isLoading} />
    </>
  );
}
