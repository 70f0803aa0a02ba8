import '../areaTexts';
import { type PermitNode, type Role, roleFields } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, type FormInstance, Input, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRole,
  alterRole,
  getPermissionTree,
  getRoleDetail,
  getRoleList,
  type RoleInput,
  removeRole,
} from '../../../api/admin';
import CrudPage from '../../../components/CrudPage';
import PermissionTree from '../../../components/PermissionTree';

/** The tree editor; for an existing role it loads the role's grants first. */
function PermissionsField({ form, editing }: { form: FormInstance<RoleInput>; editing: Role | null }) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: ['permissionTree'],
    queryFn: getPermissionTree,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const detail = useQuery({
    queryKey: ['roleDetail', editing?.roleId],
    queryFn: () => getRoleDetail(editing!.roleId),
    enabled: editing !== null,
    gcTime: 0,
  });
  useEffect(() => {
    if (detail.data) form.setFieldValue('permitUrls', detail.data.permitUrls);
  }, [detail.data, form]);

  if (tree.isPending || (editing && detail.isPending))
    return (
      <Spin tip={t('admin.role.loadingTree')}>
        <div style={{ height: 80 }} />
      </Spin>
    );
  return (
    <>
      <Alert type="info" showIcon message={t('admin.role.permissionsNote')} style={{ marginBottom: 12 }} />
      <Form.Item name="permitUrls" label={t('admin.role.permissions')}>
        <PermissionTree catalogue={(tree.data ?? []) as PermitNode[]} />
      </Form.Item>
    </>
  );
}

export default function RolesTab() {
  const { t } = useTranslation();
  const lbl = (k: string) => t(`admin.role.${k}`);
  return (
    <CrudPage<Role, RoleInput>
      testId="role"
      rowKey="roleId"
      fetchList={getRoleList}
      rowLabel={(r) => r.roleName}
      locked={(r) => r.isAdmin}
      remove={removeRole}
      keyword={lbl('roleName')}
      columns={[
        {
          title: lbl('roleName'),
          dataIndex: 'roleName',
          render: (name: string, r) => (
            <>
              {name} {r.isAdmin && <Tag color="gold">{lbl('adminTag')}</Tag>}
            </>
          ),
        },
        { title: lbl('users'), dataIndex: 'userCount', width: 100 },
      ]}
      exportCsv={{
        filename: 'roles.csv',
        columns: [
          { title: lbl('roleName'), value: (r) => r.roleName },
          { title: lbl('users'), value: (r) => r.userCount },
        ],
      }}
      form={{
        initialValues: { permitUrls: [] },
        toValues: (r) => ({ roleName: r.roleName }),
        create: (v) => addRole({ roleName: v.roleName, permitUrls: v.permitUrls ?? [] }, { silent: true }),
        update: (r, v) =>
          alterRole({ roleId: r.roleId, roleName: v.roleName, permitUrls: v.permitUrls ?? [] }, { silent: true }),
        fields: [
          {
            name: 'roleName',
            label: lbl('roleName'),
            required: true,
            schema: roleFields.shape.roleName,
            input: <Input data-testid="role-roleName" />,
          },
        ],
        children: (form, editing) => <PermissionsField form={form} editing={editing} />,
      }}
    />
  );
}
