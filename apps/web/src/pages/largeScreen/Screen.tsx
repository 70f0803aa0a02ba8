import './areaTexts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../stores/app';
import { parkLabel, useActivePark, useParkStore } from '../../stores/park';
import { useParkZone } from '../../utils/time';
import { freshness } from './freshness';
import Header, { useNow } from './Header';
import { type Palette, varsOf } from './palette';
import AlarmsPanel from './panels/AlarmsPanel';
import CamerasPanel from './panels/CamerasPanel';
import DevicesPanel from './panels/DevicesPanel';
import IrrigationPanel from './panels/IrrigationPanel';
import MapPanel from './panels/MapPanel';
import PestsPanel from './panels/PestsPanel';
import ProductionPanel from './panels/ProductionPanel';
import SoilPanel from './panels/SoilPanel';
import WeatherPanel from './panels/WeatherPanel';
import { classPermitted, PANEL_PERMIT, useScreenPermits } from './permits';
import ScaleBox from './ScaleBox';
import Stage from './Stage';
import css from './screen.module.css';
import { useAlarms } from './useAlarms';
import { useParkMap } from './useParkMap';
import { useScreenDevices } from './useScreenDevices';

/**
 * A data screen of the active park, in one of two palettes. Everything is live: the panels reload on
 * their own schedule and on live events, the header's clock ticks, and nothing keeps history in memory.
 */
export default function Screen({ palette }: { palette: Palette }) {
  const { t } = useTranslation();
  const park = useActivePark();
  // a multi-park screen entry that points here passes its own title (SPEC §2 screenTitle)
  const [search] = useSearchParams();
  const screenTitle = search.get('screenTitle')?.trim();
  useParkFromAddress(search.get('groupId'));
  const permits = useScreenPermits();
  const zone = useParkZone();
  const mqttConnected = useAppStore((s) => s.mqttConnected);
  // a minute is fine enough for "3 min ago" and for noticing stale data
  const now = useNow(30_000);
  const groupId = park?.groupId ?? 0;
  const live = useScreenDevices(park, permits);
  const map = useParkMap(park?.groupId ?? null, permits);
  const alarmsPermitted = permits.has(PANEL_PERMIT.alarms);
  const alarms = useAlarms(groupId, alarmsPermitted && park !== undefined);

  if (!park) {
    return (
      <ScaleBox background={palette.page}>
        <div className={css.stage} style={varsOf(palette)}>
          <div className={css.state}>{t('screen.noPark')}</div>
        </div>
      </ScaleBox>
    );
  }

  const newest = live.devices.reduce<number | null>(
    (max, d) => (d.lastReportAt !== null && d.online && (max === null || d.lastReportAt > max) ? d.lastReportAt : max),
    null,
  );
  const fresh = freshness({
    now,
    mqttConnected,
    loadedAt: live.loadedAt,
    loadFailing: live.failing,
    newestReading: newest,
    anyOnline: live.devices.some((d) => d.online),
  });
  const ofClass = (c: string) => live.devices.filter((d) => d.deviceClass === c);
  const mapData = map.query.data;
  return (
    <Stage palette={palette} testId="large-screen" fresh={fresh}>
      <Header
        title={screenTitle || t('screen.title', { park: parkLabel(park) })}
        groupId={park.groupId}
        zone={zone}
        fresh={fresh}
        palette={palette}
      />
      <main className={css.body}>
        <DevicesPanel parkDevices={park.devices} live={live.devices} watched={live.watched} palette={palette} />
        <WeatherPanel
          stations={ofClass('weatherStation')}
          permitted={classPermitted(permits, 'weatherStation')}
          loading={live.loading}
          now={now}
        />
        <SoilPanel
          stations={ofClass('soilStation')}
          plots={mapData?.plots ?? []}
          placed={mapData?.placed ?? []}
          permitted={classPermitted(permits, 'soilStation')}
          loading={live.loading}
          palette={palette}
        />
        <MapPanel
          park={park}
          data={mapData}
          permitted={map.permitted}
          loading={map.query.isPending && map.query.fetchStatus !== 'idle'}
          error={map.query.isError}
          live={live.devices}
          alarmed={alarms.alarmed}
          palette={palette}
        />
        <div className={css.bottom}>
          <PestsPanel
            groupId={park.groupId}
            hasTraps={park.devices.some((d) => d.deviceClass === 'insectTrap')}
            permitted={permits.has(PANEL_PERMIT.pests)}
            palette={palette}
            zone={zone}
          />
          <IrrigationPanel
            groupId={park.groupId}
            permitted={permits.has(PANEL_PERMIT.irrigation)}
            palette={palette}
            zone={zone}
          />
          <ProductionPanel groupId={park.groupId} palette={palette} />
        </div>
        <AlarmsPanel
          alarms={alarms.feed.data?.list}
          open={alarms.open}
          permitted={alarmsPermitted}
          loading={alarms.feed.isPending && alarms.feed.fetchStatus !== 'idle'}
          error={alarms.feed.isError}
          palette={palette}
          zone={zone}
        />
        <CamerasPanel
          groupId={park.groupId}
          cameras={park.devices.filter((d) => d.deviceClass === 'camera')}
          live={ofClass('camera')}
          permitted={classPermitted(permits, 'camera')}
          palette={palette}
          zone={zone}
          now={now}
        />
      </main>
    </Stage>
  );
}

/**
 * A screen opened for one park (`?groupId=`, as the screen accounts' page and the top bar's dialog open
 * them, and SPEC's new-version screen address) shows that park when the user may see it; otherwise the
 * active park, as the park selector left it.
 */
function useParkFromAddress(groupId: string | null) {
  const parks = useParkStore((s) => s.parks);
  const setActive = useParkStore((s) => s.setActive);
  useEffect(() => {
    const wanted = parks.find((p) => String(p.groupId) === groupId);
    if (wanted) setActive(wanted.groupId);
  }, [groupId, parks, setActive]);
}
