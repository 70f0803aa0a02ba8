import '../areaTexts';
import { addSupplierBody, alterSupplierBody, type Supplier } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addSupplier,
  alterSupplier,
  getMaterialOptions,
  getSupplierList,
  removeSupplier,
  type SupplierInput,
  supplierExportUrl,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { sameBodySaves } from '../../../../components/CrudPage/saves';
import { ParkPage } from '../NoPark';

/** Production > suppliers of the park; one with deliveries in the ledger cannot be removed (the server says why). */
export default function SupplierPage() {
  return <ParkPage page={SupplierList} />;
}

function SupplierList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const materials = useQuery({
    queryKey: ['productionStock', 'materialOptions', groupId],
    queryFn: () => getMaterialOptions(groupId),
  });
  const lbl = (k: string) => t(`productionStock.supplier.${k}`);
  const s = addSupplierBody.shape;
  return (
    <CrudPage<Supplier, SupplierInput>
      testId="supplier"
      rowKey="id"
      fetchList={(p) => getSupplierList({ ...p, groupId })}
      remove={removeSupplier}
      rowLabel={(s) => s.name}
      exportUrl={(f, format) => supplierExportUrl({ ...f, groupId }, format)}
      keyword={t('productionStock.keyword')}
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
        ...sameBodySaves({
          add: addSupplierBody,
          alter: alterSupplierBody,
          toInput: (v: SupplierInput) => clean(v, groupId),
          create: addSupplier,
          update: alterSupplier,
        }),
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
