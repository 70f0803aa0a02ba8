import '../areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAlarmSnapshots, thumbOf } from '../../../api/video';
import { formatTime } from '../../../utils/time';

/**
 * The pictures an alarm kept from the cameras nearest its device (issue 15 item 8), for the alarm
 * record's detail, each with a link that opens its camera live on the wall; nothing at all when the park has
 * no cameras.
 */
export default function AlarmPictures({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation();
  const pictures = useQuery({
    queryKey: ['video', 'alarmPictures', alarmId],
    queryFn: () => getAlarmSnapshots(alarmId),
  });
  if (!pictures.data?.length) return null;
  return (
    <>
      <h4 style={{ margin: '16px 0 8px' }}>{t('video.snapshot')}</h4>
      <Image.PreviewGroup items={pictures.data.map((p) => p.url)}>
        <Space wrap data-testid="alarm-pictures">
          {pictures.data.map((p) => (
            <figure key={p.id} style={{ margin: 0, width: 200 }}>
              <Image src={thumbOf(p.url)} preview={{ src: p.url }} width={200} />
              <figcaption style={{ fontSize: 12, color: '#888' }}>
                {p.cameraName} · {formatTime(p.takenAt)} ·{' '}
                <Link to={`/videoEqui/video?camera=${p.cameraId}`} data-testid={`alarm-live-${p.cameraId}`}>
                  {t('video.wall.liveFromAlarm')}
                </Link>
              </figcaption>
            </figure>
          ))}
        </Space>
      </Image.PreviewGroup>
    </>
  );
}
