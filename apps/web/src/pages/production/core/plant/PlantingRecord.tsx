import '../areaTexts';
import '../../stock/areaTexts';
import type { FarmWork, Harvest, TraceVideo } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlantingRecord, videoFileUrl } from '../../../../api/production';
import { STATUS_COLOR } from '../../stock/farmWork/FarmWorkCalendar';
import WorkInputs from '../../stock/farmWork/WorkInputs';

/**
 * What was done on a planting, below its stage and monitoring in the drawer: farm work (the machine's
 * irrigation runs marked, with what it measured), the materials its work took, harvests with any
 * safety interval override and why, and its traceability clips.
 */
export default function PlantingRecord({ id }: { id: number }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<TraceVideo | null>(null);
  const q = useQuery({ queryKey: ['production', 'plantingRecord', id], queryFn: () => getPlantingRecord(id) });
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.record.${k}`, o);
  const w = (k: string) => t(`productionStock.${k}`);
  if (q.isLoading) return <Skeleton active />;
  if (q.error) return <Alert type="error" showIcon message={(q.error as Error).message} />;
  const r = q.data;
  if (!r) return null;
  const people = new Map(r.people.map((p) => [p.id, p.name]));
  const none = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={lbl('none')} />;
  const section = (title: string, testId: string, body: ReactNode) => (
    <section data-testid={testId} style={{ marginTop: 16 }}>
      <h4>{title}</h4>
      {body}
    </section>
  );

  return (
    <div data-testid="planting-record">
      {section(
        lbl('farmWork', { n: r.farmWork.length }),
        'record-work',
        r.farmWork.length === 0 ? (
          none
        ) : (
          <Table<FarmWork>
            rowKey="id"
            size="small"
            pagination={r.farmWork.length > 10 ? { pageSize: 10, size: 'small' } : false}
            scroll={{ x: 560 }}
            dataSource={r.farmWork}
            columns={[
              { title: lbl('day'), key: 'day', width: 104, render: (_, x) => x.doneOn ?? x.plannedOn },
              {
                title: lbl('type'),
                key: 'type',
                render: (_, x) => (
                  <Space size={4} wrap>
                    {w(`workType.${x.type}`)}
                    {x.source === 'machine' && <Tag color="purple">{w('work.machine')}</Tag>}
                  </Space>
                ),
              },
              {
                title: lbl('status'),
                key: 'status',
                render: (_, x) => <Tag color={STATUS_COLOR[x.status]}>{w(`workStatus.${x.status}`)}</Tag>,
              },
              { title: lbl('inputs'), key: 'inputs', render: (_, x) => <WorkInputs work={x} /> },
              {
                title: lbl('people'),
                key: 'people',
                render: (_, x) => x.personnelIds.map((p) => people.get(p) ?? `#${p}`).join('、') || '—',
              },
            ]}
          />
        ),
      )}
      {section(
        lbl('materials'),
        'record-materials',
        r.materialsUsed.length === 0 && r.machineWaterM3 === 0 ? (
          none
        ) : (
          <Space direction="vertical" size={4}>
            <Space size={[4, 4]} wrap>
              {r.materialsUsed.map((m) => (
                <Tag key={m.materialId} color={m.kind === 'pesticide' ? 'volcano' : 'blue'}>
                  {m.name} {m.quantity} {m.unit}
                </Tag>
              ))}
            </Space>
            {r.machineWaterM3 > 0 && (
              <span>{lbl('machine', { water: r.machineWaterM3, fert: r.machineFertiliserL })}</span>
            )}
          </Space>
        ),
      )}
      {section(
        lbl('harvests', { n: r.harvests.length }),
        'record-harvests',
        r.harvests.length === 0 ? (
          none
        ) : (
          <Table<Harvest>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 520 }}
            dataSource={r.harvests}
            columns={[
              { title: lbl('day'), dataIndex: 'harvestedOn', width: 104 },
              { title: lbl('quantity'), key: 'q', render: (_, h) => `${h.quantity} ${h.unit}` },
              { title: lbl('grade'), key: 'grade', render: (_, h) => h.grade || '—' },
              { title: lbl('people'), key: 'people', render: (_, h) => h.personnelNames.join('、') || '—' },
              {
                title: lbl('override'),
                key: 'override',
                render: (_, h) =>
                  h.overrideReason ? (
                    <Tooltip
                      title={t('production.harvest.overrideBy', {
                        name: h.overrideByName ?? '—',
                        reason: h.overrideReason,
                      })}
                    >
                      <Tag color="orange" style={{ whiteSpace: 'normal' }} data-testid={`record-override-${h.id}`}>
                        {h.overrideReason}
                        {h.overrideByName ? ` · ${h.overrideByName}` : ''}
                      </Tag>
                    </Tooltip>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        ),
      )}
      {section(
        lbl('videos', { n: r.videos.length }),
        'record-videos',
        r.videos.length === 0 ? (
          none
        ) : (
          <Space direction="vertical" size={4}>
            {r.videos.map((v) => (
              <Space key={v.id} size={8} wrap>
                <span>
                  {v.shotOn} · {v.title}
                </span>
                <Button size="small" type="link" onClick={() => setPlaying(v)}>
                  {lbl('play')}
                </Button>
              </Space>
            ))}
          </Space>
        ),
      )}
      <Modal
        open={playing !== null}
        title={playing?.title}
        footer={null}
        onCancel={() => setPlaying(null)}
        destroyOnHidden
      >
        {playing && (
          // biome-ignore lint/a11y/useMediaCaption: farm clips have no spoken words to caption
          <video src={videoFileUrl(playing.id)} controls autoPlay style={{ width: '100%' }} />
        )}
      </Modal>
    </div>
  );
}
