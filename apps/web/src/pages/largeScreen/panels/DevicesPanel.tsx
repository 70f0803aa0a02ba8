import '../../../components/areaTexts';
import '../areaTexts';
import type { DeviceClass, ParkDevice } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';
import type { LiveDevice } from '../../../components/live/liveState';
import { countByClass } from '../../dashboard/countDevices';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';

/**
 * Devices per class with how many are online and offline, kept live by the status channel. Classes
 * this user may not watch show their count alone (the park list says they exist, not how they are).
 */
export default function DevicesPanel({
  parkDevices,
  live,
  watched,
  palette,
}: {
  parkDevices: readonly ParkDevice[];
  live: readonly LiveDevice[];
  watched: ReadonlySet<DeviceClass>;
  palette: Palette;
}) {
  const { t } = useTranslation();
  const counts = countByClass(parkDevices);
  const online = live.filter((d) => d.online).length;
  return (
    <Panel
      title={t('screen.devices.title')}
      area="devices"
      testId="screen-devices"
      extra={`${t('screen.devices.total')} ${parkDevices.length} · ${t('screen.devices.online')} ${online}`}
      state={{ empty: counts.length === 0, emptyText: t('screen.devices.none') }}
    >
      <div className={css.list} style={{ gap: 2 }}>
        {counts.slice(0, 11).map(({ deviceClass, count }) => {
          const on = watched.has(deviceClass)
            ? live.filter((d) => d.deviceClass === deviceClass && d.online).length
            : null;
          return (
            <div
              key={deviceClass}
              className={css.row}
              style={{ justifyContent: 'space-between', fontSize: 16, height: 21 }}
              data-testid={`screen-count-${deviceClass}`}
              data-online={on ?? ''}
              data-total={count}
            >
              <span className={css.ellipsis}>{t(`deviceClass.${deviceClass}`)}</span>
              <span className={css.row} style={{ gap: 6, flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
                {on === null ? (
                  <b>{count}</b>
                ) : (
                  <>
                    <span className={css.dot} style={{ background: palette.online }} />
                    <b style={{ color: palette.online }}>{on}</b>
                    <span className={css.dot} style={{ background: palette.offline }} />
                    <b style={{ color: palette.offline }}>{count - on}</b>
                  </>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
