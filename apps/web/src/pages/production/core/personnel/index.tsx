import '../areaTexts';
import { addPersonnelBody, PERSONNEL_STATUSES, type Personnel, personnelFields } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addPersonnel,
  getPersonnelDetail,
  getPersonnelList,
  getUserOptions,
  type PersonnelInput,
  personnelExportUrl,
  removePersonnel,
  updatePersonnel,
  uploadPersonnelPhoto,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { useParkOptions } from '../../../system/parkOptions';
import PictureUpload from '../PictureUpload';

/** Production > personnel: the people of farm work and harvests, the parks they serve, optionally a console user. */
export default function PersonnelPage() {
  const { t } = useTranslation();
  const parks = useParkOptions();
  const users = useQuery({ queryKey: ['production', 'userOptions'], queryFn: getUserOptions });
  const lbl = (k: string) => t(`production.person.${k}`);
  const s = personnelFields.shape;
  const statusOptions = PERSONNEL_STATUSES.map((v) => ({ value: v, label: lbl(`statusValue.${v}`) }));
  return (
    <CrudPage<Personnel, PersonnelInput>
      testId="personnel"
      rowKey="id"
      fetchList={getPersonnelList}
      remove={removePersonnel}
      rowLabel={(p) => p.name}
      exportUrl={personnelExportUrl}
      keyword={t('production.keyword')}
      search={[
        {
          name: 'groupId',
          label: lbl('parks'),
          input: <Select allowClear options={parks.options} style={{ minWidth: 160 }} />,
        },
        {
          name: 'status',
          label: lbl('status'),
          input: <Select allowClear options={statusOptions} style={{ minWidth: 120 }} />,
        },
      ]}
      actionsWidth={280}
      rowActions={(p, api) => (
        <PictureUpload
          upload={(file) => uploadPersonnelPhoto(p.id, file)}
          onDone={api.reload}
          testId={`personnel-photo-${p.id}`}
        />
      )}
      columns={[
        {
          title: t('production.picture.photo'),
          key: 'photo',
          width: 64,
          render: (_, p) => (
            <Avatar src={p.photoUrl ?? undefined} alt={p.name}>
              {p.name.slice(0, 1)}
            </Avatar>
          ),
        },
        { title: lbl('name'), dataIndex: 'name', width: 120 },
        { title: lbl('phone'), dataIndex: 'phone', width: 140 },
        { title: lbl('post'), dataIndex: 'post', width: 120 },
        { title: lbl('idNumber'), dataIndex: 'idNumber', width: 190 },
        { title: lbl('parks'), key: 'parks', ellipsis: true, render: (_, p) => parks.names(p.groupIds) },
        {
          title: lbl('status'),
          dataIndex: 'status',
          width: 90,
          render: (v: string) => <Tag color={v === 'active' ? 'green' : 'default'}>{lbl(`statusValue.${v}`)}</Tag>,
        },
        { title: lbl('user'), dataIndex: 'userName', width: 130, render: (v: string | null) => v ?? '—' },
      ]}
      form={{
        initialValues: { status: 'active', groupIds: [] },
        toValues: (p) => ({ ...p, userId: p.userId ?? undefined }),
        // On edit the list's masked ID number stands for the stored one: each field checks itself.
        schema: (row) => (row ? undefined : addPersonnelBody),
        toBody: (v) => clean(v),
        create: (v) => addPersonnel(clean(v)),
        update: async (p, v) => {
          // The list masks the ID number: an untouched field keeps the stored one.
          const idNumber = v.idNumber === p.idNumber ? (await getPersonnelDetail(p.id)).idNumber : v.idNumber;
          return updatePersonnel({ ...clean(v), idNumber, id: p.id });
        },
        fields: [
          { name: 'name', label: lbl('name'), required: true, schema: s.name, input: <Input /> },
          { name: 'phone', label: lbl('phone'), schema: s.phone, input: <Input inputMode="tel" /> },
          { name: 'post', label: lbl('post'), schema: s.post, input: <Input /> },
          {
            name: 'idNumber',
            label: lbl('idNumber'),
            // when editing, the field shows the masked number until it is retyped (the server checks it)
            schema: (editing) => (editing ? undefined : s.idNumber),
            input: <Input maxLength={18} />,
          },
          { name: 'status', label: lbl('status'), required: true, input: <Select options={statusOptions} /> },
          {
            name: 'userId',
            label: lbl('user'),
            input: (
              <Select
                allowClear
                placeholder={lbl('userNone')}
                loading={users.isLoading}
                options={(users.data ?? []).map((u) => ({ value: u.id, label: u.userName }))}
              />
            ),
          },
          {
            name: 'groupIds',
            label: lbl('parks'),
            required: true,
            schema: s.groupIds,
            span: 24,
            input: <Select mode="multiple" options={parks.options} data-testid="personnel-parks" />,
          },
        ],
      }}
    />
  );
}

const clean = (v: PersonnelInput): PersonnelInput => ({
  ...v,
  phone: v.phone ?? '',
  post: v.post ?? '',
  idNumber: v.idNumber ?? '',
  userId: v.userId ?? null,
});
