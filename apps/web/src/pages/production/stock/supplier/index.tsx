import '../areaTexts';
import { addSupplierBody, alterSupplierBody, type Supplier } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSupplier,
  alterSupplier,
  getMaterialOptions,
  getSupplierList,
  type ListParams,
  removeSupplier,
  type SupplierInput,
  supplierExportUrl,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { ExportButtons } from '../../../../components/ExportButton';
import NoPark from '../NoPark';
import { useStockPark } from '../usePark';

/** Production > suppliers of the park; one with deliveries in the ledger cannot be removed (the server says why). */
export default function SupplierPage() {
  const groupId = useStockPark();
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, string | number | undefined>>({});
  const materials = useQuery({
    queryKey: ['productionStock', 'materialOptions', groupId],
    queryFn: () => getMaterialOptions(groupId as number),
    enabled: groupId !== null,
  });
  if (groupId === null) return <NoPark />;
  const lbl = (k: string) => t(`productionStock.supplier.${k}`);
  const s = addSupplierBody.shape;
  const fetchList = (p: ListParams) => {
    setFilters({ keyword: p.keyword as string | undefined });
    return getSupplierList({ ...p, groupId });
  };
  return (
    <CrudPage<Supplier, SupplierInput>
      key={groupId}
      testId="supplier"
      rowKey="id"
      fetchList={fetchList}
      remove={removeSupplier}
      rowLabel={(s) => s.name}
      toolbar={<ExportButtons testId="supplier" url={(f) => supplierExportUrl({ ...filters, groupId }, f)} />}
      search={[{ name: 'keyword', label: t('productionStock.keyword'), input: <Input allowClear /> }]}
      columns={[
        { title: lbl('name'), dataIndex: 'name', width: 180 },
        { title: lbl('contact'), dataIndex: 'contact', width: 100 },
        { title: lbl('phone'), dataIndex: 'phone', width: 140 },
        { title: lbl('licence'), dataIndex: 'licence', width: 160 },
        { title: lbl('address'), dataIndex: 'address', ellipsis: true },
        {
          title: lbl('materials'),
          key: 'materials',
          ellipsis: true,
          render: (_, s) => s.materialNames.join('、') || '—',
        },
      ]}
      form={{
        initialValues: { materialIds: [] },
        toValues: (s) => ({ ...s }),
        schema: (row) => (row ? alterSupplierBody : addSupplierBody),
        toBody: (v, row) => (row ? { ...clean(v, groupId), id: row.id } : clean(v, groupId)),
        create: (v) => addSupplier(clean(v, groupId)),
        update: (s, v) => alterSupplier({ ...clean(v, groupId), id: s.id }),
        fields: [
          { name: 'name', label: lbl('name'), required: true, schema: s.name, input: <Input maxLength={100} /> },
          { name: 'contact', label: lbl('contact'), input: <Input maxLength={50} /> },
          { name: 'phone', label: lbl('phone'), schema: s.phone, input: <Input inputMode="tel" maxLength={20} /> },
          { name: 'licence', label: lbl('licence'), input: <Input maxLength={100} /> },
          { name: 'address', label: lbl('address'), span: 24, input: <Input maxLength={200} /> },
          {
            name: 'materialIds',
            label: lbl('materials'),
            span: 24,
            input: (
              <Select
                mode="multiple"
                optionFilterProp="label"
                loading={materials.isLoading}
                options={(materials.data ?? []).map((m) => ({ value: m.id, label: `${m.name} ${m.spec}`.trim() }))}
              />
            ),
          },
          { name: 'remark', label: t('productionStock.remark'), span: 24, input: <Input.TextArea maxLength={500} /> },
        ],
      }}
    />
  );
}

const clean = (v: SupplierInput, groupId: number): SupplierInput => ({
  ...v,
  groupId,
  contact: v.contact ?? '',
  phone: v.phone ?? '',
  address: v.address ?? '',
  licence: v.licence ?? '',
  remark: v.remark ?? '',
  materialIds: v.materialIds ?? [],
});
