import '../areaTexts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, type FormInstance, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getScreenManageList } from '../../../api/admin';

/**
 * The screens an account of the chosen parks will be offered: those showing at least one of its parks
 * (the rule the server applies to getScreenList). Said before saving, so an account is never handed
 * a wall of screens of parks it should not see, nor none at all without anyone noticing.
 */
export default function ScreenPreview({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const groupIds: number[] = Form.useWatch('groupIds', form) ?? [];
  // silent: an administrator of accounts may not manage screens; then there is nothing to preview
  const screens = useQuery({
    queryKey: ['screens', 'all'],
    queryFn: () => getScreenManageList({ pageNum: 1, pageSize: 500 }, { silent: true }),
  });
  if (!screens.data || groupIds.length === 0) return null;
  const offered = screens.data.list.filter((s) => s.groupIds.some((g) => groupIds.includes(g)));
  return (
    <Alert
      type={offered.length ? 'info' : 'warning'}
      showIcon
      data-testid="screen-preview"
      message={offered.length ? t('admin.screenAccount.offered') : t('admin.screenAccount.noScreen')}
      description={offered.map((s) => <Tag key={s.screenId}>{s.screenTitle}</Tag>)}
    />
  );
}
