import '../areaTexts';
import { addPlantingBody, PLANTING_STATUSES, type Planting } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addPlanting,
  getCropOptions,
  getPlantingList,
  getPlotOptions,
  type PlantingInput,
  plantingExportUrl,
  removePlanting,
  updatePlanting,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { plotColumn } from '../plotColumn';
import AutoHarvestDay from './AutoHarvestDay';
import PlantingDrawer from './PlantingDrawer';

const STATUS_COLOR: Record<string, string> = { growing: 'green', harvested: 'blue', ended: 'default' };

/** The park's plantings: crop on plot, sowing and expected harvest, and the stage they are in today. */
export default function PlantingTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<number | null>(null);
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.planting.${k}`, o);
  const crops = useQuery({ queryKey: ['production', 'cropOptions'], queryFn: getCropOptions });
  const plots = useQuery({ queryKey: ['production', 'plots', groupId], queryFn: () => getPlotOptions(groupId) });
  const s = addPlantingBody.shape;
  const statusOptions = PLANTING_STATUSES.map((v) => ({ value: v, label: lbl(`statusValue.${v}`) }));
  const cropOptions = (crops.data ?? []).map((c) => ({
    value: c.id,
    label: c.variety ? `${c.name}（${c.variety}）` : c.name,
  }));
  const date = <Input type="date" />;
  return (
    <>
      <CrudPage<Planting, PlantingInput>
        key={groupId}
        testId="planting"
        rowKey="id"
        fetchList={(p) => getPlantingList({ ...p, groupId })}
        remove={removePlanting}
        rowLabel={(p) => `${p.cropName} · ${p.areaPointName ?? ''}`}
        actionsWidth={220}
        rowActions={(p) => (
          <Button size="small" type="link" onClick={() => setDetail(p.id)} data-testid={`planting-detail-${p.id}`}>
            {lbl('detail')}
          </Button>
        )}
        exportUrl={(f, format) => plantingExportUrl({ ...f, groupId }, format)}
        keyword={t('production.keyword')}
        search={[
          {
            name: 'cropId',
            label: lbl('crop'),
            input: <Select allowClear options={cropOptions} style={{ minWidth: 140 }} />,
          },
          {
            name: 'status',
            label: lbl('status'),
            input: <Select allowClear options={statusOptions} style={{ minWidth: 120 }} />,
          },
        ]}
        columns={[
          { title: lbl('crop'), dataIndex: 'cropName', width: 100 },
          { title: lbl('variety'), dataIndex: 'variety', width: 110 },
          plotColumn(t, 130),
          { title: lbl('areaMu'), dataIndex: 'areaMu', width: 90 },
          { title: lbl('sownOn'), dataIndex: 'sownOn', width: 110 },
          {
            title: lbl('stage'),
            key: 'stage',
            width: 170,
            render: (_, p) => (
              <span data-testid={`planting-stage-${p.id}`}>
                {p.stageName ?? lbl('noStage')} · {lbl('dayNo', { n: p.dayNo })}
              </span>
            ),
          },
          { title: lbl('expectedHarvestOn'), dataIndex: 'expectedHarvestOn', width: 110 },
          {
            title: lbl('status'),
            dataIndex: 'status',
            width: 110,
            render: (v: string) => <Tag color={STATUS_COLOR[v]}>{lbl(`statusValue.${v}`)}</Tag>,
          },
        ]}
        form={{
          initialValues: { status: 'growing', groupId },
          toValues: (p) => ({ ...p, transplantedOn: p.transplantedOn ?? '' }),
          schema: addPlantingBody,
          toBody: (v) => clean(v, groupId),
          create: (v) => addPlanting(clean(v, groupId)),
          update: (p, v) => updatePlanting({ ...clean(v, groupId), id: p.id }),
          children: (form) => <AutoHarvestDay form={form} crops={crops.data} />,
          fields: [
            {
              name: 'areaPointId',
              label: lbl('plot'),
              required: true,
              schema: s.areaPointId,
              input: (
                <Select
                  data-testid="planting-plot"
                  loading={plots.isLoading}
                  options={(plots.data ?? []).map((a) => ({
                    value: a.id,
                    label: a.crop ? `${a.name}（${a.crop}）` : a.name,
                  }))}
                />
              ),
            },
            {
              name: 'cropId',
              label: lbl('crop'),
              required: true,
              schema: s.cropId,
              input: <Select loading={crops.isLoading} options={cropOptions} data-testid="planting-crop" />,
            },
            { name: 'variety', label: lbl('variety'), schema: s.variety, input: <Input /> },
            {
              name: 'areaMu',
              label: lbl('areaMu'),
              required: true,
              schema: s.areaMu,
              input: <InputNumber min={0} step={0.1} style={{ width: '100%' }} />,
            },
            { name: 'sownOn', label: lbl('sownOn'), required: true, schema: s.sownOn, input: date },
            {
              name: 'transplantedOn',
              label: lbl('transplantedOn'),
              schema: s.transplantedOn,
              dependencies: ['sownOn'],
              input: date,
            },
            {
              name: 'expectedHarvestOn',
              label: lbl('expectedHarvestOn'),
              required: true,
              schema: s.expectedHarvestOn,
              dependencies: ['sownOn'],
              input: date,
            },
            { name: 'status', label: lbl('status'), required: true, input: <Select options={statusOptions} /> },
            { name: 'notes', label: lbl('notes'), schema: s.notes, span: 24, input: <Input.TextArea rows={2} /> },
          ],
        }}
      />
      <PlantingDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}

const clean = (v: PlantingInput, groupId: number): PlantingInput => ({
  ...v,
  groupId,
  variety: v.variety ?? '',
  transplantedOn: v.transplantedOn || null,
  notes: v.notes ?? '',
});
