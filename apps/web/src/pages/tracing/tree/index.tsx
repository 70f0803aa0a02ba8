import '../areaTexts';
import { addTreeBody, alterTreeBody, TAG_SIZES, type Tree } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFarmWorkOptions } from '../../../api/production';
import {
  addTree,
  alterTree,
  downloadTreeTags,
  getTreeList,
  type ListParams,
  removeTrees,
  type TreeInput,
} from '../../../api/tracing';
import CrudPage from '../../../components/CrudPage';
import { sameBodySaves } from '../../../components/CrudPage/saves';
import { useActivePark } from '../../../stores/park';
import { saveFile } from '../../../utils/saveFile';
import { formatTime } from '../../../utils/time';
import NoPark from '../../production/stock/NoPark';
import PositionPicker from './PositionPicker';
import TreeDrawer from './TreeDrawer';
import TreeMap from './TreeMap';

type Size = (typeof TAG_SIZES)[number];

/** Tracing > one tree one code: the park's trees, each with its code, tag, photos, care and scans. */
export default function TreeCodePage() {
  const park = useActivePark();
  const groupId = park?.groupId ?? null;
  const { t } = useTranslation();
  const [open, setOpen] = useState<Tree | null>(null);
  const [size, setSize] = useState<Size>('A4');
  const [rows, setRows] = useState<Tree[]>([]);
  const options = useQuery({
    queryKey: ['traceTree', 'parkOptions', groupId],
    queryFn: () => getFarmWorkOptions(groupId as number),
    enabled: groupId !== null,
  });
  if (groupId === null || !park) return <NoPark />;
  const lbl = (k: string) => t(`traceTree.${k}`);
  const s = addTreeBody.shape;
  const fetchList = async (p: ListParams) => {
    const page = await getTreeList({ ...p, groupId });
    setRows(page.list);
    return page;
  };
  const printTags = async (ids?: number[]) => {
    const { blob, filename } = await downloadTreeTags({ groupId, size, ids: ids?.join(',') });
    saveFile(blob, filename);
  };
  const center: [number, number] | null =
    park.longitude !== null && park.latitude !== null ? [park.longitude, park.latitude] : null;
  return (
    <>
      <TreeMap trees={rows} center={center} onOpen={setOpen} />
      <CrudPage<Tree, TreeForm>
        key={groupId}
        testId="tree"
        rowKey="id"
        fetchList={fetchList}
        remove={removeTrees}
        rowLabel={(r) => `${r.species} ${r.code}`}
        toolbar={(ticked) => (
          <Space wrap>
            <Select<Size>
              aria-label={lbl('tagSize')}
              value={size}
              onChange={setSize}
              style={{ width: 200 }}
              options={TAG_SIZES.map((v) => ({ value: v, label: lbl(`sizes.${v}`) }))}
            />
            {/* the ticked trees only; with none ticked, every tree of the park */}
            <Button data-testid="tree-tags" onClick={() => void printTags(ticked.length > 0 ? ticked : undefined)}>
              {ticked.length > 0 ? t('traceTree.tagsTicked', { count: ticked.length }) : lbl('tags')}
            </Button>
          </Space>
        )}
        keyword={lbl('keyword')}
        actionsWidth={200}
        rowActions={(r) => (
          <Button type="link" size="small" data-testid="tree-detail" onClick={() => setOpen(r)}>
            {lbl('detail')}
          </Button>
        )}
        columns={[
          { title: lbl('code'), dataIndex: 'code', width: 140, render: (v: string) => <code>{v}</code> },
          { title: lbl('species'), dataIndex: 'species', width: 100 },
          { title: lbl('variety'), dataIndex: 'variety', width: 90, render: (v: string) => v || '—' },
          { title: lbl('plantedYear'), dataIndex: 'plantedYear', width: 100, render: (v: number | null) => v ?? '—' },
          { title: lbl('plot'), dataIndex: 'plotName', width: 120 },
          { title: lbl('care'), dataIndex: 'careCount', width: 80 },
          { title: lbl('scans'), dataIndex: 'scanCount', width: 80 },
          {
            title: lbl('firstScan'),
            dataIndex: 'firstScanAt',
            width: 160,
            render: (v: number | null) => formatTime(v, 'minute'),
          },
        ]}
        form={{
          width: 720,
          initialValues: { variety: '', remark: '', plantedYear: null, position: null },
          toValues: (r) => ({
            species: r.species,
            variety: r.variety,
            areaPointId: r.areaPointId,
            plantedYear: r.plantedYear,
            remark: r.remark,
            position: r.longitude !== null && r.latitude !== null ? [r.longitude, r.latitude] : null,
          }),
          ...sameBodySaves({
            add: addTreeBody,
            alter: alterTreeBody,
            toInput: (v: TreeForm) => toInput(v, groupId),
            create: addTree,
            update: alterTree,
          }),
          fields: [
            {
              name: 'species',
              label: lbl('species'),
              required: true,
              schema: s.species,
              input: <Input maxLength={50} />,
            },
            { name: 'variety', label: lbl('variety'), input: <Input maxLength={50} /> },
            {
              name: 'areaPointId',
              label: lbl('plot'),
              required: true,
              input: (
                <Select
                  loading={options.isLoading}
                  options={(options.data?.plots ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              ),
            },
            {
              name: 'plantedYear',
              label: lbl('plantedYear'),
              input: <InputNumber min={1800} max={new Date().getFullYear()} precision={0} style={{ width: '100%' }} />,
            },
            {
              name: 'position',
              label: lbl('position'),
              span: 24,
              extra: lbl('positionHelp'),
              input: <PositionPicker center={center} />,
            },
            { name: 'remark', label: lbl('remark'), span: 24, input: <Input.TextArea maxLength={500} /> },
          ],
        }}
      />
      {open && <TreeDrawer tree={open} onClose={() => setOpen(null)} materials={options.data?.materials ?? []} />}
    </>
  );
}

type TreeForm = Omit<TreeInput, 'groupId' | 'longitude' | 'latitude'> & { position: [number, number] | null };

const toInput = (v: TreeForm, groupId: number): TreeInput => ({
  groupId,
  areaPointId: v.areaPointId,
  species: v.species,
  variety: v.variety ?? '',
  plantedYear: v.plantedYear ?? null,
  longitude: v.position ? v.position[0] : null,
  latitude: v.position ? v.position[1] : null,
  remark: v.remark ?? '',
});
