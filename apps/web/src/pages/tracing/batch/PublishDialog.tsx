import '../areaTexts';
import { type PublicTrace, TRACE_SECTIONS, type TraceBatchDetail, type TraceSection } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBatchPreview, publishBatch } from '../../../api/tracing';
import { dialogProps } from '../../../utils/dialog';
import { useSaving } from '../../../utils/formSave';
import TracePreview from './TracePreview';

/** Only the ticked sections of a trace: what a publish with these ticks freezes. */
export function ticked(trace: PublicTrace, sections: readonly TraceSection[]): PublicTrace {
  const out: PublicTrace = { publishedAt: trace.publishedAt, version: trace.version };
  for (const s of sections) if (trace[s] !== undefined) Object.assign(out, { [s]: trace[s] });
  return out;
}

/** Ticks the sections to publish (those of the last publish, or all), previewing exactly what consumers will see. */
export default function PublishDialog(props: {
  batch: TraceBatchDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceBatch.${k}`, o);
  const [sections, setSections] = useState<TraceSection[]>([...TRACE_SECTIONS]);
  const { saving, run } = useSaving();
  const id = props.batch?.id ?? 0;
  const preview = useQuery({ queryKey: ['trace', 'preview', id], queryFn: () => getBatchPreview(id), enabled: id > 0 });
  useEffect(() => {
    if (props.batch) setSections(props.batch.published?.sections ?? [...TRACE_SECTIONS]);
  }, [props.batch]);
  const submit = async () => {
    // a refusal (e.g. a certificate field missing) is shown by the HTTP client
    await run(async () => {
      const r = await publishBatch(id, sections);
      message.success(lbl('published', { version: r.version }));
      props.onDone();
    });
  };
  return (
    <Modal
      {...dialogProps()}
      open={props.batch !== null}
      title={`${lbl('publishTitle')} · ${props.batch?.productName ?? ''} ${props.batch?.lot ?? ''}`}
      okText={lbl('publish')}
      okButtonProps={{ disabled: sections.length === 0, loading: saving, 'data-testid': 'batch-publish-ok' } as never}
      onOk={submit}
      onCancel={props.onClose}
    >
      <Alert type="info" showIcon message={lbl('publishHelp')} style={{ marginBottom: 12 }} />
      <div style={{ marginBottom: 12 }} data-testid="batch-publish-sections">
        <Checkbox.Group
          value={sections}
          onChange={(v) => setSections(TRACE_SECTIONS.filter((s) => v.includes(s)))}
          options={TRACE_SECTIONS.map((s) => ({ value: s, label: lbl(`section.${s}`) }))}
        />
      </div>
      <div style={{ maxHeight: '45vh', overflow: 'auto' }}>
        {preview.data ? <TracePreview trace={ticked(preview.data, sections)} /> : <Spin />}
      </div>
    </Modal>
  );
}
