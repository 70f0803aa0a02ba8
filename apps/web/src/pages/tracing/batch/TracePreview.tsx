import '../../production/core/areaTexts';
import '../../production/stock/areaTexts';
import '../areaTexts';
import { type PublicTrace, TRACE_SECTIONS, type TraceSection } from '@farmpark/contracts';
import { Button, Card, Descriptions, Empty, List, Modal, Space, Tag, Timeline, Typography } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../api/tracing';
import FileView from '../report/FileView';

/**
 * A trace as the consumer's page shows it, section by section, at phone width: only the sections present in
 * the trace are drawn, so the preview of a publish shows exactly what will be published.
 */
export default function TracePreview({ trace }: { trace: PublicTrace }) {
  const { t } = useTranslation();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceBatch.${k}`, o);
  const [file, setFile] = useState<{ url: string; title: string } | null>(null);
  const load = useCallback(() => fetchFile(file?.url ?? ''), [file]);
  const unit = (u: string) => t(`production.harvest.units.${u}`, { defaultValue: u });
  const none = <Typography.Text type="secondary">{lbl('noRecords')}</Typography.Text>;
  const section = (key: TraceSection, body: ReactNode) => (
    <Card size="small" title={lbl(`section.${key}`)} data-testid={`trace-section-${key}`}>
      {body}
    </Card>
  );
  const records = <T,>(items: T[], renderItem: (item: T) => ReactNode) => (
    <List size="small" dataSource={items} locale={{ emptyText: none }} renderItem={renderItem} />
  );
  const c = trace.certificate;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 420 }} data-testid="trace-preview">
      {trace.product &&
        section(
          'product',
          <>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {trace.product.name}
            </Typography.Title>
            <Typography.Text type="secondary">
              {lbl('lot')} {trace.product.lot}
              {trace.product.gtin ? ` · GTIN ${trace.product.gtin}` : ''}
            </Typography.Text>
          </>,
        )}
      {c &&
        section(
          'certificate',
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={lbl('productName')}>{c.product}</Descriptions.Item>
            <Descriptions.Item label={lbl('certQuantity')}>{`${c.quantity} ${unit(c.unit)}`}</Descriptions.Item>
            <Descriptions.Item label={lbl('producer')}>{c.producer}</Descriptions.Item>
            <Descriptions.Item label={lbl('origin')}>{c.origin}</Descriptions.Item>
            <Descriptions.Item label={lbl('contact')}>{c.contact || '—'}</Descriptions.Item>
            <Descriptions.Item label={lbl('issuedOn')}>{c.issuedOn}</Descriptions.Item>
            <Descriptions.Item label={lbl('basis')}>
              {c.basis.map((b) => lbl(`basisValue.${b}`)).join('、') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={lbl('pledge')}>{c.pledge || '—'}</Descriptions.Item>
          </Descriptions>,
        )}
      {trace.farm &&
        section(
          'farm',
          <>
            <Typography.Text strong>{trace.farm.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{trace.farm.region}</Typography.Text>
          </>,
        )}
      {trace.plots &&
        section(
          'plots',
          trace.plots.length === 0
            ? none
            : trace.plots.map((p) => (
                <Tag key={p.name}>{p.areaMu ? `${p.name} · ${lbl('areaMu', { value: p.areaMu })}` : p.name}</Tag>
              )),
        )}
      {trace.plantings &&
        section(
          'plantings',
          records(trace.plantings, (p) => (
            <List.Item>{`${p.crop}${p.variety ? `（${p.variety}）` : ''} · ${p.plot} · ${p.sownOn}`}</List.Item>
          )),
        )}
      {trace.timeline &&
        section(
          'timeline',
          trace.timeline.length === 0 ? (
            none
          ) : (
            <Timeline
              items={trace.timeline.map((w, i) => ({
                key: i,
                children: (
                  <>
                    <Typography.Text strong>{`${w.date} ${t(`productionStock.workType.${w.type}`)}`}</Typography.Text>{' '}
                    {w.machine && <Tag color="blue">{lbl('machine')}</Tag>}
                    <div>
                      {w.materials.map((m) => `${m.name} ${m.quantity} ${m.unit}`).join('、')}
                      {w.waterM3 !== null ? ` ${lbl('water', { value: w.waterM3 })}` : ''}
                    </div>
                  </>
                ),
              }))}
            />
          ),
        )}
      {trace.harvests &&
        section(
          'harvests',
          records(trace.harvests, (h) => (
            <List.Item>{`${h.date} · ${h.quantity} ${unit(h.unit)}${h.grade ? ` · ${h.grade}` : ''}`}</List.Item>
          )),
        )}
      {trace.reports &&
        section(
          'reports',
          records(trace.reports, (r) => (
            <List.Item
              actions={[
                r.fileUrl ? (
                  <Button
                    key="view"
                    size="small"
                    type="link"
                    onClick={() => setFile({ url: r.fileUrl, title: r.number })}
                  >
                    {lbl('viewFile')}
                  </Button>
                ) : (
                  <Typography.Text key="none" type="secondary">
                    {lbl('noFile')}
                  </Typography.Text>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <>
                    {`${r.agency} ${r.number}`}{' '}
                    <Tag color={r.passed ? 'green' : 'red'}>{lbl(r.passed ? 'pass' : 'fail')}</Tag>
                  </>
                }
                description={[
                  r.reportedOn,
                  r.validUntil ? lbl('validUntil', { day: r.validUntil }) : '',
                  r.items.map((i) => `${i.name} ${i.result}`).join('、'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )),
        )}
      {trace.videos &&
        section(
          'videos',
          trace.videos.length === 0
            ? none
            : trace.videos.map((v) => (
                <div key={v.url}>
                  <Typography.Text>{`${v.shotOn} ${v.title}`}</Typography.Text>
                  {/* biome-ignore lint/a11y/useMediaCaption: farm clips have no spoken words to caption */}
                  <video src={v.url} controls preload="none" style={{ width: '100%' }} />
                </div>
              )),
        )}
      {TRACE_SECTIONS.every((k) => !(k in trace)) && <Empty />}
      <Modal
        open={file !== null}
        title={file?.title}
        footer={null}
        width={900}
        onCancel={() => setFile(null)}
        destroyOnHidden
      >
        {file && <FileView load={load} title={file.title} />}
      </Modal>
    </Space>
  );
}
