import '../areaTexts';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import MapCanvas from '../../../components/MapCanvas';

type At = [number, number];

/** A form input: the tree's point on the park map, set by a click or by dragging its marker. */
export default function PositionPicker(props: {
  value?: At | null;
  onChange?: (v: At | null) => void;
  center: At | null;
}) {
  const { t } = useTranslation();
  const { value = null, onChange, center } = props;
  const at = value ?? center;
  if (!at) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traceTree.noParkPosition')} />;
  const round = (p: At): At => [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
  return (
    <div data-testid="tree-position">
      <MapCanvas
        center={at}
        zoom={17}
        height={240}
        polygons={[]}
        cursor="crosshair"
        markers={
          value ? [{ id: 'tree', at: value, color: '#237804', label: t('traceTree.position'), draggable: true }] : []
        }
        onMapClick={(p) => onChange?.(round(p))}
        onMarkerMove={(_, p) => onChange?.(round(p))}
      />
      <Space style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">
          {value ? `${value[0].toFixed(6)}, ${value[1].toFixed(6)}` : t('traceTree.positionNone')}
        </Typography.Text>
        {value && (
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('traceTree.clearPosition')}
          </Button>
        )}
      </Space>
    </div>
  );
}
