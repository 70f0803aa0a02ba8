import '../areaTexts';
import { addScreenAccountBody, alterScreenAccountBody, type ScreenAccount } from '@farmpark/contracts';
import { Alert, App, Form, Input, Popconfirm, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addScreenAccount,
  alterScreenAccount,
  enableScreenAccount,
  getScreenAccountList,
  removeScreenAccount,
  type ScreenAccountInput,
} from '../../../api/admin';
import CrudPage from '../../../components/CrudPage';
import { contractRule } from '../../../utils/formRules';
import { formatTime } from '../../../utils/time';
import { useParkOptions } from '../parkOptions';
import ScreenPreview from './ScreenPreview';

/** System > data-screen accounts: logins that can only open the data screens of chosen parks. */
export default function ScreenAccountPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const parks = useParkOptions();
  const lbl = (k: string) => t(`admin.user.${k}`);

  return (
    <>
      <Alert type="info" showIcon message={t('admin.screenAccount.note')} style={{ marginBottom: 12 }} />
      <CrudPage<ScreenAccount, ScreenAccountInput>
        testId="screen-account"
        rowKey="userId"
        fetchList={getScreenAccountList}
        remove={removeScreenAccount}
        rowLabel={(a) => a.loginName}
        keyword={{ label: lbl('keyword'), placeholder: lbl('keywordPlaceholder') }}
        columns={[
          { title: lbl('loginName'), dataIndex: 'loginName', fixed: 'left', width: 140 },
          { title: lbl('userName'), dataIndex: 'userName', width: 140 },
          { title: lbl('phone'), dataIndex: 'phone', width: 130, responsive: ['lg'] },
          { title: lbl('parks'), key: 'parks', ellipsis: true, render: (_, a) => parks.names(a.groupIds) || '—' },
          {
            title: lbl('lastLogin'),
            dataIndex: 'lastLoginAt',
            width: 180,
            render: (v: string | null) => formatTime(v),
          },
        ]}
        rowActions={(a, api) => (
          <Popconfirm
            title={t(a.enabled ? 'admin.user.disableConfirm' : 'admin.user.enableConfirm', { name: a.loginName })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              try {
                await enableScreenAccount(a.userId, !a.enabled);
                message.success(lbl('changed'));
                api.reload();
              } catch {
                // shown by the request client
              }
            }}
          >
            <Switch
              size="small"
              checked={a.enabled}
              checkedChildren={lbl('enabled')}
              unCheckedChildren={lbl('disabled')}
            />
          </Popconfirm>
        )}
        exportCsv={{
          filename: 'screen-accounts.csv',
          columns: [
            { title: lbl('loginName'), value: (a) => a.loginName },
            { title: lbl('userName'), value: (a) => a.userName },
            { title: lbl('phone'), value: (a) => a.phone },
            { title: lbl('parks'), value: (a) => parks.names(a.groupIds) },
            { title: lbl('status'), value: (a) => (a.enabled ? lbl('enabled') : lbl('disabled')) },
          ],
        }}
        form={{
          initialValues: { groupIds: [], phone: '' },
          toValues: (a) => ({ userName: a.userName, phone: a.phone, groupIds: a.groupIds, loginName: a.loginName }),
          create: (v) => addScreenAccount(v, { silent: true }),
          update: (a, v) => alterScreenAccount({ ...v, loginName: undefined, userId: a.userId }, { silent: true }),
          fields: [
            {
              name: 'loginName',
              label: lbl('loginName'),
              required: true,
              schema: (e) => (e ? undefined : addScreenAccountBody.shape.loginName),
              input: (e) => <Input disabled={Boolean(e)} />,
            },
            {
              name: 'userName',
              label: lbl('userName'),
              required: true,
              schema: addScreenAccountBody.shape.userName,
              input: <Input />,
            },
            { name: 'phone', label: lbl('phone'), schema: addScreenAccountBody.shape.phone, input: <Input /> },
            {
              name: 'groupIds',
              label: lbl('parks'),
              required: true,
              schema: addScreenAccountBody.shape.groupIds,
              input: <Select mode="multiple" options={parks.options} />,
            },
            {
              name: 'loginPwd',
              label: lbl('loginPwd'),
              required: true,
              createOnly: true,
              schema: addScreenAccountBody.shape.loginPwd,
              input: <Input.Password autoComplete="new-password" />,
              extra: lbl('passwordRule'),
            },
          ],
          children: (form, editing) => (
            <>
              {editing ? <EditPassword label={t('admin.screenAccount.loginPwdEdit')} /> : null}
              <ScreenPreview form={form} />
            </>
          ),
        }}
      />
    </>
  );
}

/** Editing: an optional new password (empty keeps the current one; a new one ends the account's sessions). */
function EditPassword({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="loginPwd"
      label={label}
      extra={t('admin.user.passwordRule')}
      rules={[contractRule(alterScreenAccountBody.shape.loginPwd, label)]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
