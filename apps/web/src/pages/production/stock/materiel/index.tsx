import '../areaTexts';
import {
  addMaterialBody,
  alterMaterialBody,
  MATERIAL_KINDS,
  type Material,
  type MaterialKind,
} from '@farmpark/contracts';
import { Button, Drawer, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addMaterial,
  alterMaterial,
  getMaterialList,
  type MaterialInput,
  materialExportUrl,
  removeMaterial,
} from '../../../../api/production';
import CrudPage, { type CrudApi } from '../../../../components/CrudPage';
import { sameBodySaves } from '../../../../components/CrudPage/saves';
import { useAppStore } from '../../../../stores/app';
import { ParkPage } from '../NoPark';
import StockLedger from './StockLedger';
import StockMoveDialog from './StockMoveDialog';

/** The stock moves a row offers, with the label of each button. */
const MOVES = [
  ['in', 'stockIn'],
  ['adjust', 'adjust'],
] as const;

/** Production > materials: fertilisers, pesticides, seeds and others of the park, with stock in, adjustments and ledger. */
export default function MaterielPage() {
  return <ParkPage page={MaterielList} />;
}

function MaterielList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [move, setMove] = useState<{ material: Material; kind: 'in' | 'adjust'; api: CrudApi } | null>(null);
  const [ledger, setLedger] = useState<Material | null>(null);
  const lbl = (k: string) => t(`productionStock.material.${k}`);
  const s = addMaterialBody.shape;
  const kinds = MATERIAL_KINDS.map((k) => ({ value: k, label: t(`productionStock.materialKind.${k}`) }));
  return (
    <>
      <CrudPage<Material, MaterialInput>
        testId="materiel"
        rowKey="id"
        fetchList={(p) => getMaterialList({ ...p, groupId })}
        remove={removeMaterial}
        rowLabel={(m) => m.name}
        actionsWidth={280}
        exportUrl={(f, format) => materialExportUrl({ ...f, groupId }, format)}
        keyword={t('productionStock.keyword')}
        search={[
          { name: 'kind', label: lbl('kind'), input: <Select allowClear options={kinds} /> },
          {
            name: 'low',
            label: lbl('lowOnly'),
            input: <Switch />,
            toParams: (v) => ({ low: v ? 'true' : undefined }),
          },
        ]}
        columns={[
          {
            title: lbl('kind'),
            dataIndex: 'kind',
            width: 80,
            render: (v: MaterialKind) => t(`productionStock.materialKind.${v}`),
          },
          { title: lbl('name'), dataIndex: 'name', width: 150 },
          { title: lbl('spec'), dataIndex: 'spec', width: 110 },
          { title: lbl('registrationNo'), dataIndex: 'registrationNo', width: 130, render: (v: string) => v || '—' },
          {
            title: lbl('safetyDays'),
            dataIndex: 'safetyDays',
            width: 110,
            render: (v: number, m) => (m.kind === 'pesticide' ? v : '—'),
          },
          {
            title: lbl('stock'),
            key: 'stock',
            width: 150,
            render: (_, m) => (
              <Space size={4}>
                <span data-testid={`materiel-stock-${m.id}`}>{`${m.stock} ${m.unit}`}</span>
                {m.low && <Tag color="red">{lbl('low')}</Tag>}
              </Space>
            ),
          },
        ]}
        rowActions={(m, api) => (
          <>
            {MOVES.map(([kind, label]) => (
              <Button
                key={kind}
                type="link"
                size="small"
                onClick={() => setMove({ material: m, kind, api })}
                data-testid={`materiel-${kind}-${m.id}`}
              >
                {lbl(label)}
              </Button>
            ))}
            <Button type="link" size="small" onClick={() => setLedger(m)} data-testid={`materiel-ledger-${m.id}`}>
              {lbl('ledger')}
            </Button>
          </>
        )}
        form={{
          initialValues: { kind: 'fertiliser', safetyDays: 0, lowStock: 0 },
          toValues: (m) => ({ ...m }),
          ...sameBodySaves({
            add: addMaterialBody,
            alter: alterMaterialBody,
            toInput: (v: MaterialInput) => clean(v, groupId),
            create: addMaterial,
            update: alterMaterial,
          }),
          fields: [
            { name: 'kind', label: lbl('kind'), required: true, input: <Select options={kinds} /> },
            { name: 'name', label: lbl('name'), required: true, schema: s.name, input: <Input maxLength={100} /> },
            {
              name: 'spec',
              label: lbl('spec'),
              schema: s.spec,
              input: <Input maxLength={100} placeholder="40% 100 mL" />,
            },
            {
              name: 'unit',
              label: lbl('unit'),
              required: true,
              schema: s.unit,
              input: <Input maxLength={20} placeholder="kg / L / 袋" />,
            },
            {
              name: 'registrationNo',
              label: lbl('registrationNo'),
              input: <Input maxLength={50} placeholder="PD20080414" />,
            },
            {
              name: 'safetyDays',
              label: lbl('safetyDays'),
              schema: s.safetyDays,
              input: <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />,
            },
            {
              name: 'lowStock',
              label: lbl('lowStock'),
              schema: s.lowStock,
              input: <InputNumber min={0} precision={3} style={{ width: '100%' }} />,
            },
            { name: 'remark', label: t('productionStock.remark'), span: 24, input: <Input.TextArea maxLength={500} /> },
          ],
        }}
      />
      <StockMoveDialog
        material={move?.material ?? null}
        kind={move?.kind ?? 'in'}
        onClose={() => setMove(null)}
        onSaved={() => {
          move?.api.reload();
          setMove(null);
        }}
      />
      <Drawer
        open={ledger !== null}
        width={mobile ? '100%' : 960}
        title={ledger ? t('productionStock.material.ledgerTitle', { name: ledger.name }) : ''}
        onClose={() => setLedger(null)}
        destroyOnHidden
      >
        {ledger && <StockLedger material={ledger} />}
      </Drawer>
    </>
  );
}

const clean = (v: MaterialInput, groupId: number): MaterialInput => ({
  ...v,
  groupId,
  spec: v.spec ?? '',
  registrationNo: v.kind === 'pesticide' ? (v.registrationNo ?? '') : '',
  safetyDays: v.kind === 'pesticide' ? (v.safetyDays ?? 0) : 0,
  lowStock: v.lowStock ?? 0,
  remark: v.remark ?? '',
});
