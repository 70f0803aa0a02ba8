import '../areaTexts';
import {
  addHarvestBody,
  correctHarvestBody,
  correctionReasonText,
  HARVEST_UNITS,
  type Harvest,
  harvestFields,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Input, InputNumber, Select, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  addHarvest,
  getHarvestHistory,
  getHarvestList,
  getHarvestOptions,
  type HarvestInput,
  harvestExportUrl,
  removeHarvest,
  updateHarvest,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { sameBodySaves } from '../../../../components/CrudPage/saves';
import RecordHistory from '../../../../components/RecordHistory';
import { useParkStore } from '../../../../stores/park';
import { parkNow } from '../../../../utils/time';
import { plotColumn } from '../plotColumn';

/** Production > harvest to storage: what was picked from which planting, by whom, into which store. */
export default function PickToStoragePage() {
  const groupId = useParkStore((s) => s.activeGroupId);
  return groupId === null ? <Empty /> : <HarvestList key={groupId} groupId={groupId} />;
}

function HarvestList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.harvest.${k}`, o);
  const options = useQuery({
    queryKey: ['production', 'harvestOptions', groupId],
    queryFn: () => getHarvestOptions(groupId),
  });
  const s = harvestFields.shape;
  const unitOptions = HARVEST_UNITS.map((u) => ({ value: u, label: lbl(`units.${u}`) }));
  return (
    <CrudPage<Harvest, HarvestInput>
      testId="harvest"
      rowKey="id"
      fetchList={(p) => getHarvestList({ ...p, groupId })}
      remove={removeHarvest}
      rowLabel={(h) => `${h.harvestedOn} ${h.cropName}`}
      rowActions={(h) => (
        <RecordHistory
          testId={`harvest-history-${h.id}`}
          name={`${h.harvestedOn} ${h.cropName}`}
          queryKey={['production', 'harvest', groupId, h.id]}
          load={() => getHarvestHistory(groupId, h.id)}
          labels={Object.fromEntries(Object.entries(HISTORY_FIELDS).map(([f, key]) => [f, lbl(key)]))}
          value={(f, v) => (f === 'unit' && typeof v === 'string' ? lbl(`units.${v}`) : undefined)}
        />
      )}
      exportUrl={(f, format) => harvestExportUrl({ ...f, groupId }, format)}
      keyword={t('production.keyword')}
      search={[
        {
          name: 'dates',
          label: lbl('dateRange'),
          input: <DatePicker.RangePicker allowClear />,
          toParams: (v) => {
            const range = v as [Dayjs, Dayjs] | null | undefined;
            return range ? { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {};
          },
        },
      ]}
      columns={[
        { title: lbl('harvestedOn'), dataIndex: 'harvestedOn', width: 110 },
        { title: t('production.planting.crop'), dataIndex: 'cropName', width: 100 },
        plotColumn(t, 120),
        {
          title: lbl('quantity'),
          key: 'quantity',
          width: 110,
          render: (_, h) => `${h.quantity} ${lbl(`units.${h.unit}`)}`,
        },
        { title: lbl('grade'), dataIndex: 'grade', width: 80 },
        { title: lbl('warehouse'), dataIndex: 'warehouse', width: 110 },
        { title: lbl('people'), key: 'people', ellipsis: true, render: (_, h) => h.personnelNames.join('、') || '—' },
        {
          title: lbl('override'),
          key: 'override',
          width: 130,
          render: (_, h) =>
            h.overrideReason ? (
              <Tooltip title={lbl('overrideBy', { name: h.overrideByName ?? '—', reason: h.overrideReason })}>
                <Tag color="orange" data-testid={`harvest-override-${h.id}`}>
                  {h.overrideReason}
                </Tag>
              </Tooltip>
            ) : (
              '—'
            ),
        },
      ]}
      form={{
        initialValues: { unit: 'kg', personnelIds: [], harvestedOn: parkNow().format('YYYY-MM-DD') },
        toValues: (h) => ({ ...h, overrideReason: h.overrideReason ?? '' }),
        ...sameBodySaves({
          add: addHarvestBody,
          alter: correctHarvestBody,
          toInput: (v: HarvestInput) => clean(v, groupId),
          create: addHarvest,
          update: updateHarvest,
        }),
        fields: [
          {
            name: 'plantingId',
            label: lbl('planting'),
            required: true,
            schema: s.plantingId,
            span: 24,
            input: (
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="harvest-planting"
                loading={options.isLoading}
                options={(options.data?.plantings ?? []).map((p) => ({ value: p.id, label: p.label }))}
              />
            ),
          },
          {
            name: 'harvestedOn',
            label: lbl('harvestedOn'),
            required: true,
            schema: s.harvestedOn,
            input: <Input type="date" />,
          },
          {
            name: 'quantity',
            label: lbl('quantity'),
            required: true,
            schema: s.quantity,
            input: <InputNumber min={0} style={{ width: '100%' }} />,
          },
          { name: 'unit', label: lbl('unit'), required: true, input: <Select options={unitOptions} /> },
          { name: 'grade', label: lbl('grade'), schema: s.grade, input: <Input /> },
          { name: 'warehouse', label: lbl('warehouse'), schema: s.warehouse, input: <Input /> },
          {
            name: 'personnelIds',
            label: lbl('people'),
            schema: s.personnelIds,
            input: (
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={(options.data?.personnel ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            ),
          },
          { name: 'notes', label: lbl('notes'), schema: s.notes, span: 24, input: <Input.TextArea rows={2} /> },
          {
            name: 'overrideReason',
            label: lbl('overrideReason'),
            schema: s.overrideReason,
            span: 24,
            extra: lbl('overrideHelp'),
            input: <Input.TextArea rows={2} />,
          },
          {
            // a harvest is a finished record: an edit is a correction, kept in its history with this reason
            name: 'correctionReason',
            label: t('recordHistory.reasonField'),
            schema: correctionReasonText,
            required: true,
            editOnly: true,
            span: 24,
            extra: t('recordHistory.reasonHelp'),
            input: <Input.TextArea rows={2} data-testid="harvest-correction-reason" />,
          },
        ],
      }}
    />
  );
}

/** The harvest fields the history names with this page's own words (field → text key). */
const HISTORY_FIELDS: Record<string, string> = {
  harvestedOn: 'harvestedOn',
  quantity: 'quantity',
  unit: 'unit',
  grade: 'grade',
  warehouse: 'warehouse',
  notes: 'notes',
  personnelNames: 'people',
  overrideReason: 'overrideReason',
};

const clean = (v: HarvestInput, groupId: number): HarvestInput => ({
  ...v,
  groupId,
  grade: v.grade ?? '',
  warehouse: v.warehouse ?? '',
  notes: v.notes ?? '',
  personnelIds: v.personnelIds ?? [],
  overrideReason: v.overrideReason || null,
  // blank is sent as blank: the form's check then says how long a reason must be (the server reads it as none)
  correctionReason: v.correctionReason ?? '',
});
