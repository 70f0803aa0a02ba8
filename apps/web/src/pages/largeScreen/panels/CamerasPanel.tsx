import type { ParkDevice } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import type { LiveDevice } from '../../../components/live/liveState';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';

const SHOWN = 4;

/**
 * One tile per camera with its name and status. The console has no video stream yet, so each tile
 * says so plainly instead of showing a picture it does not have.
 */
export default function CamerasPanel({
  cameras,
  live,
  palette,
}: {
  cameras: readonly ParkDevice[];
  live: readonly LiveDevice[];
  palette: Palette;
}) {
  const { t } = useTranslation();
  const online = new Map(live.map((d) => [d.deviceId, d.online]));
  return (
    <Panel
      title={t('screen.cameras.title')}
      area="cameras"
      testId="screen-cameras"
      state={{ empty: cameras.length === 0, emptyText: t('screen.cameras.none') }}
    >
      <div className={css.cameras}>
        {cameras.slice(0, SHOWN).map((c) => {
          const on = online.get(c.deviceId);
          return (
            <div key={c.deviceId} className={css.camera} data-testid="screen-camera">
              <div className={css.row} style={{ justifyContent: 'space-between', fontSize: 16 }}>
                <span className={css.ellipsis}>{c.deviceName}</span>
                {on === undefined ? null : (
                  <span className={css.row} style={{ gap: 6, flex: 'none', fontSize: 14 }}>
                    <span className={css.dot} style={{ background: on ? palette.online : palette.offline }} />
                    {t(on ? 'screen.cameras.online' : 'screen.cameras.offline')}
                  </span>
                )}
              </div>
              <div className={css.muted} style={{ textAlign: 'center', fontSize: 16 }}>
                {t('screen.cameras.notConnected')}
              </div>
              <div />
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
