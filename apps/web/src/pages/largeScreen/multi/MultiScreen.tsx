import '../areaTexts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../stores/app';
import { useParkZone } from '../../../utils/time';
import { freshness } from '../freshness';
import Header, { useNow } from '../Header';
import type { Palette } from '../palette';
import Stage from '../Stage';
import css from '../screen.module.css';
import Comparison from './Comparison';
import CropsPanel from './CropsPanel';
import ParksMap from './ParksMap';
import Totals, { sumProduction } from './Totals';
import { useOverview } from './useOverview';

const screenIdOf = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * The multi-park screen of a LargeManage entry (`/large-screen-multi?screenId=`): the screen's parks
 * together (totals, crops), compared park by park, and on one map. The title is the entry's
 * `screenTitle` as the server has it (the address's own parameter only while it loads).
 */
export default function MultiScreen({ palette }: { palette: Palette }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const screenId = screenIdOf(search.get('screenId'));
  const query = useOverview(screenId);
  const zone = useParkZone();
  const mqttConnected = useAppStore((s) => s.mqttConnected);
  const now = useNow(30_000);
  const data = query.data;
  const title = data?.screenTitle || search.get('screenTitle')?.trim() || t('screen.multi.title');
  const words =
    screenId === null
      ? t('screen.multi.noScreen')
      : query.isError && !data
        ? t('screen.multi.notFound')
        : !data
          ? t('screen.loading')
          : null;
  const fresh = freshness({
    now,
    mqttConnected,
    loadedAt: query.dataUpdatedAt,
    loadFailing: query.isError,
    newestReading: null,
    anyOnline: false,
  });
  return (
    <Stage palette={palette} testId="large-screen-multi" fresh={fresh}>
      <Header title={title} groupId={data?.parks[0]?.groupId ?? 0} zone={zone} fresh={fresh} palette={palette} />
      {words || !data ? (
        <div className={css.state} data-testid="screen-multi-state">
          {words}
        </div>
      ) : (
        <main className={css.multiBody}>
          <Totals parks={data.parks} palette={palette} />
          <CropsPanel production={sumProduction(data.parks)} palette={palette} />
          <ParksMap parks={data.parks} palette={palette} />
          <Comparison parks={data.parks} palette={palette} />
        </main>
      )}
    </Stage>
  );
}
