import '../areaTexts';
import type { PlantingParamStatus } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlantingDetail } from '../../../../api/production';
import { isEnglish } from '../../../../i18n';
import { useAppStore } from '../../../../stores/app';
import { paramName, paramUnit, rangeText } from '../params';
import PlantingRecord from './PlantingRecord';
import PlotSensorsDialog from './PlotSensorsDialog';

/**
 * One planting: its stage today, each ideal range of that stage against the plot's sensors (chosen or
 * default, opened from here to choose them), and its record (farm work, materials, harvests, clips).
 */
export default function PlantingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const en = isEnglish(i18n.language);
  const q = useQuery({
    queryKey: ['production', 'planting', id],
    queryFn: () => getPlantingDetail(id as number),
    enabled: id !== null,
  });
  const p = q.data;
  const [sensorsOf, setSensorsOf] = useState<number | null>(null);
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.planting.${k}`, o);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 760}
      title={p ? `${p.cropName} · ${p.areaPointName ?? lbl('plotRemoved')}` : lbl('detail')}
      data-testid="planting-drawer"
    >
      {q.isLoading ? <Skeleton active /> : null}
      {q.error ? <Alert type="error" showIcon message={(q.error as Error).message} /> : null}
      {p ? (
        <>
          <Descriptions column={mobile ? 1 : 2} size="small" bordered>
            <Descriptions.Item label={lbl('stage')}>
              <span data-testid="planting-stage">{p.stageName ?? lbl('noStage')}</span> · {lbl('dayNo', { n: p.dayNo })}
            </Descriptions.Item>
            <Descriptions.Item label={lbl('status')}>{lbl(`statusValue.${p.status}`)}</Descriptions.Item>
            <Descriptions.Item label={lbl('sownOn')}>{p.sownOn}</Descriptions.Item>
            <Descriptions.Item label={lbl('expectedHarvestOn')}>{p.expectedHarvestOn}</Descriptions.Item>
            <Descriptions.Item label={lbl('areaMu')}>{p.areaMu}</Descriptions.Item>
            <Descriptions.Item label={t('production.stage.tasks')}>{p.stageTasks || '—'}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{lbl('monitor')}</h4>
          <Space wrap style={{ marginBottom: 8, color: 'rgba(0,0,0,0.55)' }}>
            <Tag color={p.sensorSource === 'explicit' ? 'green' : 'blue'} data-testid="planting-sensor-source">
              {t(`production.sensors.${p.sensorSource}`)}
            </Tag>
            <span>{p.deviceIds.length > 0 ? lbl('devices', { count: p.deviceIds.length }) : lbl('noDevices')}</span>
            {p.areaPointName !== null ? (
              <Button size="small" onClick={() => setSensorsOf(p.areaPointId)} data-testid="planting-plot-sensors">
                {t('production.sensors.open')}
              </Button>
            ) : null}
          </Space>
          {p.params.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={lbl('noRanges')} />
          ) : (
            <Table<PlantingParamStatus>
              rowKey="key"
              size="small"
              pagination={false}
              data-testid="planting-params"
              scroll={{ x: 480 }}
              dataSource={p.params}
              columns={[
                { title: t('production.stage.param'), key: 'key', render: (_, r) => paramName(r.key, en) },
                { title: t('production.stage.ranges'), key: 'range', render: (_, r) => rangeText(r) },
                {
                  title: lbl('now'),
                  key: 'now',
                  render: (_, r) => (r.now === null ? '—' : `${r.now} ${paramUnit(r.key)}`),
                },
                {
                  title: lbl('inRange'),
                  key: 'in',
                  render: (_, r) =>
                    r.inRange === null ? (
                      <Tag>{lbl('unknown')}</Tag>
                    ) : (
                      <Tag color={r.inRange ? 'green' : 'red'}>{r.inRange ? lbl('yes') : lbl('no')}</Tag>
                    ),
                },
                {
                  title: lbl('hoursOut'),
                  dataIndex: 'hoursOut7d',
                  render: (v: number) => <span data-testid="hours-out">{v}</span>,
                },
              ]}
            />
          )}
          <PlantingRecord id={p.id} />
          <PlotSensorsDialog groupId={p.groupId} areaPointId={sensorsOf} onClose={() => setSensorsOf(null)} />
        </>
      ) : null}
    </Drawer>
  );
}
