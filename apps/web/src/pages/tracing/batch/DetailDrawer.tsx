import '../areaTexts';
import type { TraceBatchDetail } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBatchPreview, getPublished } from '../../../api/tracing';
import TracePreview from './TracePreview';

/** A batch's two views for consumers: what its records give now, and the snapshot they are shown. */
export default function DetailDrawer(props: { batch: TraceBatchDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lbl = (k: string) => t(`traceBatch.${k}`);
  const id = props.batch?.id ?? 0;
  const preview = useQuery({ queryKey: ['trace', 'preview', id], queryFn: () => getBatchPreview(id), enabled: id > 0 });
  const published = useQuery({
    queryKey: ['trace', 'published', id],
    queryFn: () => getPublished(id),
    enabled: id > 0,
  });
  const current = published.data;
  return (
    <Drawer
      open={props.batch !== null}
      onClose={props.onClose}
      title={`${props.batch?.productName ?? ''} ${props.batch?.lot ?? ''}`}
      width="min(480px, 100vw)"
      destroyOnHidden
      data-testid="batch-detail"
    >
      <Tabs
        items={[
          {
            key: 'published',
            label: lbl('previewPublished'),
            children: published.isLoading ? (
              <Spin />
            ) : current?.status === 'published' ? (
              <TracePreview trace={current.trace} />
            ) : current?.status === 'withdrawn' ? (
              <Alert type="warning" showIcon message={lbl('withdrawnNote')} />
            ) : (
              <Empty description={lbl('notPublished')} />
            ),
          },
          {
            key: 'live',
            label: lbl('previewLive'),
            children: preview.data ? <TracePreview trace={preview.data} /> : <Spin />,
          },
        ]}
      />
    </Drawer>
  );
}
