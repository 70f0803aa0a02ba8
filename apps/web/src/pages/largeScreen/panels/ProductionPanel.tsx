import '../areaTexts';
import type { ParkProduction } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parkProduction } from '../../../api/screens';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';
import { REFRESH } from '../timing';
import { CropBar } from './CropBar';
import { HarvestLine } from './HarvestLine';

const SHOWN = 4;

/** Crops growing now by area (mu) and the harvest of the park's year so far, as the server counts them. */
export default function ProductionPanel({ groupId, palette }: { groupId: number; palette: Palette }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['screen', 'production', groupId],
    queryFn: () => parkProduction(groupId),
    refetchInterval: REFRESH.production,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const data = q.data;
  return (
    <Panel
      title={t('screen.production.title')}
      testId="screen-production"
      extra={data ? t('screen.production.mu', { area: data.areaMu }) : undefined}
      state={{
        forbidden: data === null,
        loading: q.isPending && q.fetchStatus !== 'idle',
        error: q.isError && data === undefined,
      }}
    >
      {data ? <ProductionBody data={data} palette={palette} /> : null}
    </Panel>
  );
}

function ProductionBody({ data, palette }: { data: ParkProduction; palette: Palette }) {
  const { t } = useTranslation();
  const largest = data.crops[0]?.areaMu || 1;
  return (
    <div className={css.list} style={{ height: '100%', justifyContent: 'space-between' }}>
      <div className={css.list} data-testid="screen-production-crops">
        {data.crops.length === 0 ? <span className={css.muted}>{t('screen.production.noCrops')}</span> : null}
        {data.crops.slice(0, SHOWN).map((c, i) => (
          <CropBar
            key={c.crop}
            crop={c.crop}
            said={t('screen.production.mu', { area: c.areaMu })}
            percent={Math.max(4, (c.areaMu / largest) * 100)}
            index={i}
            palette={palette}
            fontSize={16}
          />
        ))}
      </div>
      <HarvestLine production={data} />
    </div>
  );
}
