import '../areaTexts';
import type { CameraPictureItem } from '@farmpark/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbOf } from '../../../api/video';
import { formatTime, inPark } from '../../../utils/time';
import type { Palette } from '../palette';
import css from '../screen.module.css';

/**
 * A camera's tile: its newest picture filling the tile (a plain <img>: the session cookie authorises
 * it, as every picture of the console, and an unchanged picture keeps its address, so nothing is fetched
 * or drawn again), with its name, the picture's time in the park's zone and its state on top (the foot
 * is the camera's own: cameras draw their clock and name there). An offline camera shows no picture (an
 * old one would pass for the present), and a camera without a picture says why: not set up for video, no
 * picture schedule, or waiting for the first one.
 */
export default function CameraTile({
  name,
  online,
  item,
  palette,
  zone,
  now,
}: {
  name: string;
  /** undefined: not known yet. */
  online: boolean | undefined;
  /** undefined: the camera device is not set up (or not enabled) for video. */
  item: CameraPictureItem | undefined;
  palette: Palette;
  zone: string;
  now: number;
}) {
  const { t } = useTranslation();
  const picture = online === false ? null : (item?.picture ?? null);
  const src = picture ? thumbOf(picture.url) : null;
  // the address a load failed for: a newer picture (another address) is tried again
  const [failed, setFailed] = useState<string | null>(null);
  const state =
    online === false
      ? 'offline'
      : !item
        ? 'notSetUp'
        : !picture
          ? item.everyMinutes > 0
            ? 'waiting'
            : 'noSchedule'
          : failed === src
            ? 'failed'
            : 'picture';
  const sameDay = picture && inPark(picture.takenAt, zone).isSame(inPark(now, zone), 'day');
  return (
    <div className={css.camera} data-testid="screen-camera" data-state={state}>
      {src && state === 'picture' ? (
        <img
          className={css.cameraPicture}
          src={src}
          alt={name}
          draggable={false}
          onError={() => setFailed(src)}
          data-testid="screen-camera-picture"
        />
      ) : null}
      <div className={css.cameraHead}>
        <div className={css.cameraTitle}>
          <span className={css.ellipsis}>{name}</span>
          {state === 'picture' && picture ? (
            <span className={css.cameraTime} data-testid="screen-camera-time">
              {t('screen.cameras.takenAt', {
                time: formatTime(picture.takenAt, sameDay ? 'hm' : 'short', { zone }),
              })}
            </span>
          ) : null}
        </div>
        {online === undefined ? null : (
          <span className={css.row} style={{ gap: 6, flex: 'none', fontSize: 14 }}>
            <span className={css.dot} style={{ background: online ? palette.online : palette.offline }} />
            {t(online ? 'screen.cameras.online' : 'screen.cameras.offline')}
          </span>
        )}
      </div>
      {state === 'picture' ? null : <div className={css.cameraState}>{t(`screen.cameras.state.${state}`)}</div>}
    </div>
  );
}
