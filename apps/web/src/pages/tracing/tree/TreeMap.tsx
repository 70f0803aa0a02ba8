import '../areaTexts';
import type { Tree } from '@farmpark/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import MapCanvas from '../../../components/MapCanvas';

/** The trees of the listed page on the park map; a marker opens the tree's details. */
export default function TreeMap({
  trees,
  center,
  onOpen,
}: {
  trees: Tree[];
  center: [number, number] | null;
  onOpen: (t: Tree) => void;
}) {
  const { t } = useTranslation();
  const placed = trees.filter((x) => x.longitude !== null && x.latitude !== null);
  const at = center ?? (placed[0] ? ([placed[0].longitude, placed[0].latitude] as [number, number]) : null);
  if (!at) return null;
  return (
    <Card size="small" title={t('traceTree.mapTitle')} style={{ marginBottom: 12 }}>
      <MapCanvas
        testId="tree-map"
        center={at}
        zoom={16}
        height={260}
        polygons={[]}
        fitTo={placed.map((x) => [x.longitude, x.latitude] as [number, number])}
        fitKey={placed.map((x) => x.id).join(',')}
        markers={placed.map((x) => ({
          id: String(x.id),
          at: [x.longitude as number, x.latitude as number],
          color: '#237804',
          label: `${x.species} ${x.code}`,
          onClick: () => onOpen(x),
        }))}
      />
    </Card>
  );
}
