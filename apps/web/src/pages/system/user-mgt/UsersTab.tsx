import '../areaTexts';
import { addSysUserBody, type SysUser, sysUserFields } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSysUser,
  alterSysUser,
  enableSysUser,
  getRoleList,
  getSysUserList,
  removeSysUser,
  type SysUserInput,
} from '../../../api/admin';
import CrudPage, { type CrudApi } from '../../../components/CrudPage';
import { choiceField } from '../../../components/CrudPage/choiceField';
import { useSessionStore } from '../../../stores/session';
import { formatTime } from '../../../utils/time';
import { useParkOptions } from '../parkOptions';
import ResetPasswordDialog from './ResetPasswordDialog';

const fmt = (iso: string | null) => formatTime(iso);

function EnableSwitch({ user, api, self }: { user: SysUser; api: CrudApi; self: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await enableSysUser(user.userId, !user.enabled);
      message.success(t('admin.user.changed'));
      api.reload();
    } catch {
      // shown by the request client (e.g. the last administrator)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t(user.enabled ? 'admin.user.disableConfirm' : 'admin.user.enableConfirm', { name: user.loginName })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={toggle}
      disabled={self}
    >
      <Switch
        size="small"
        checked={user.enabled}
        loading={busy}
        disabled={self}
        checkedChildren={t('admin.user.enabled')}
        unCheckedChildren={t('admin.user.disabled')}
        data-testid={`user-enable-${user.userId}`}
      />
    </Popconfirm>
  );
}

export default function UsersTab() {
  const { t } = useTranslation();
  const me = useSessionStore((s) => s.user?.userId);
  const parks = useParkOptions();
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: () => getRoleList({ pageNum: 1, pageSize: 500 }) });
  const roleOptions = (roles.data?.list ?? []).map((r) => ({ value: r.roleId, label: r.roleName }));
  const [resetting, setResetting] = useState<SysUser | null>(null);
  const lbl = (k: string) => t(`admin.user.${k}`);
  const parkCell = (u: SysUser) => (u.isAdmin ? lbl('allParks') : parks.names(u.groupIds) || '—');

  return (
    <>
      <CrudPage<SysUser, SysUserInput>
        testId="user"
        rowKey="userId"
        fetchList={getSysUserList}
        rowLabel={(u) => u.loginName}
        locked={(u) => u.userId === me}
        remove={removeSysUser}
        actionsWidth={290}
        keyword={{ label: lbl('keyword'), placeholder: lbl('keywordPlaceholder') }}
        search={[
          choiceField('roleId', lbl('role'), roleOptions, t('crud.all')),
          choiceField(
            'enabled',
            lbl('status'),
            [
              { value: true, label: lbl('enabled') },
              { value: false, label: lbl('disabled') },
            ],
            t('crud.all'),
          ),
          choiceField('groupId', lbl('parks'), parks.options, t('crud.all')),
        ]}
        columns={[
          { title: lbl('loginName'), dataIndex: 'loginName', fixed: 'left', width: 140 },
          { title: lbl('userName'), dataIndex: 'userName', width: 120, responsive: ['sm'] },
          { title: lbl('phone'), dataIndex: 'phone', width: 130, responsive: ['xxl'] },
          {
            title: lbl('role'),
            key: 'role',
            width: 150,
            render: (_, u) => (u.isAdmin ? <Tag color="gold">{u.roleName}</Tag> : u.roleName || '—'),
          },
          {
            title: lbl('parks'),
            key: 'parks',
            width: 180,
            ellipsis: true,
            responsive: ['md'],
            render: (_, u) => parkCell(u),
          },
          { title: lbl('lastLogin'), dataIndex: 'lastLoginAt', width: 180, render: fmt },
        ]}
        rowActions={(u, api) => (
          <>
            <EnableSwitch user={u} api={api} self={u.userId === me} />
            <Button type="link" size="small" onClick={() => setResetting(u)} data-testid={`user-reset-${u.userId}`}>
              {lbl('resetPwd')}
            </Button>
          </>
        )}
        exportCsv={{
          filename: 'users.csv',
          columns: [
            { title: lbl('loginName'), value: (u) => u.loginName },
            { title: lbl('userName'), value: (u) => u.userName },
            { title: lbl('phone'), value: (u) => u.phone },
            { title: lbl('role'), value: (u) => u.roleName },
            { title: lbl('parks'), value: parkCell },
            { title: lbl('status'), value: (u) => (u.enabled ? lbl('enabled') : lbl('disabled')) },
            { title: lbl('lastLogin'), value: (u) => u.lastLoginAt ?? '' },
          ],
        }}
        form={{
          initialValues: { groupIds: [], phone: '' },
          toValues: (u) => ({ ...u, roleId: u.roleId ?? undefined }),
          create: (v) => addSysUser(v, { silent: true }),
          update: (u, v) => alterSysUser({ ...v, userId: u.userId, loginName: undefined }, { silent: true }),
          // an administrator sees every park; anyone else with no park would sign in to an empty console
          confirmSave: (v) =>
            (v.groupIds ?? []).length === 0 && !roles.data?.list.find((r) => r.roleId === v.roleId)?.isAdmin
              ? lbl('noParkConfirm')
              : null,
          fields: [
            {
              name: 'loginName',
              label: lbl('loginName'),
              required: true,
              schema: (editing) => (editing ? undefined : addSysUserBody.shape.loginName),
              input: (editing) => <Input disabled={Boolean(editing)} data-testid="user-loginName" />,
            },
            {
              name: 'userName',
              label: lbl('userName'),
              required: true,
              schema: sysUserFields.shape.userName,
              input: <Input data-testid="user-userName" />,
            },
            {
              name: 'phone',
              label: lbl('phone'),
              schema: sysUserFields.shape.phone,
              input: <Input data-testid="user-phone" />,
            },
            {
              name: 'roleId',
              label: lbl('role'),
              required: true,
              schema: sysUserFields.shape.roleId,
              input: <Select options={roleOptions} data-testid="user-roleId" />,
            },
            {
              name: 'groupIds',
              label: lbl('parks'),
              span: 24,
              input: <Select mode="multiple" options={parks.options} data-testid="user-groupIds" />,
              extra: lbl('sessionNote'),
            },
            {
              name: 'loginPwd',
              label: lbl('loginPwd'),
              required: true,
              createOnly: true,
              schema: addSysUserBody.shape.loginPwd,
              input: <Input.Password autoComplete="new-password" data-testid="user-loginPwd" />,
              extra: lbl('passwordRule'),
            },
          ],
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
