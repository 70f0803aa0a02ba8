import '../areaTexts';
import type { CameraPictureItem, ParkDevice } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cameraPictures } from '../../../api/screens';
import type { LiveDevice } from '../../../components/live/liveState';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';
import { REFRESH } from '../timing';
import CameraTile from './CameraTile';

const SHOWN = 4;

/**
 * One tile per camera with its name, its state and its newest scheduled picture, read again every
 * minute. A wall shows pictures, not live video: a stream for a screen nobody watches closely would keep
 * the server's ffmpeg busy all day, and the pictures are taken on their schedule anyway. Cameras set up
 * for video come first.
 */
export default function CamerasPanel({
  groupId,
  cameras,
  live,
  permitted,
  palette,
  zone,
  now,
}: {
  groupId: number;
  cameras: readonly ParkDevice[];
  live: readonly LiveDevice[];
  permitted: boolean;
  palette: Palette;
  zone: string;
  now: number;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['screen', 'cameras', groupId],
    queryFn: () => cameraPictures(groupId),
    enabled: permitted && cameras.length > 0,
    refetchInterval: REFRESH.cameras,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const online = new Map(live.map((d) => [d.deviceId, d.online]));
  const pictures = new Map<number, CameraPictureItem>((query.data ?? []).map((c) => [c.cameraId, c]));
  const shown = [...cameras]
    .sort((a, b) => Number(pictures.has(b.deviceId)) - Number(pictures.has(a.deviceId)))
    .slice(0, SHOWN);
  return (
    <Panel
      title={t('screen.cameras.title')}
      area="cameras"
      testId="screen-cameras"
      state={{
        forbidden: !permitted,
        loading: query.isPending && query.fetchStatus !== 'idle',
        error: query.isError && !query.data,
        empty: cameras.length === 0,
        emptyText: t('screen.cameras.none'),
      }}
    >
      <div className={css.cameras}>
        {shown.map((c) => (
          <CameraTile
            key={c.deviceId}
            name={c.deviceName}
            online={online.get(c.deviceId)}
            item={pictures.get(c.deviceId)}
            palette={palette}
            zone={zone}
            now={now}
          />
        ))}
      </div>
    </Panel>
  );
}
