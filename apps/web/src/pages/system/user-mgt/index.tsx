import '../areaTexts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import RolesTab from './RolesTab';
import UsersTab from './UsersTab';

/** System > users and roles. */
export default function UserManagementPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'users', label: t('admin.tabs.users'), children: <UsersTab /> },
        { key: 'roles', label: t('admin.tabs.roles'), children: <RolesTab /> },
      ]}
      data-testid="user-mgt-tabs"
    />
  );
}
