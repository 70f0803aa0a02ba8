import '../areaTexts';
import { type ScreenManageItem, screenFields } from '@farmpark/contracts';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addScreen, alterScreen, getScreenManageList, removeScreen, type ScreenInput } from '../../../api/admin';
import CrudPage from '../../../components/CrudPage';
import { screenUrl } from '../../../layout/dialogs/screenUrl';
import { useParkOptions } from '../parkOptions';

/** System > multi-park screens: title, address and the parks each screen shows (served by getScreenList). */
export default function LargeScreenManagePage() {
  const { t } = useTranslation();
  const parks = useParkOptions();
  const lbl = (k: string) => t(`admin.screen.${k}`);
  return (
    <CrudPage<ScreenManageItem, ScreenInput>
      testId="screen"
      rowKey="screenId"
      fetchList={getScreenManageList}
      remove={removeScreen}
      rowLabel={(s) => s.screenTitle}
      keyword={lbl('screenTitle')}
      columns={[
        { title: lbl('screenTitle'), dataIndex: 'screenTitle', fixed: 'left', width: 200 },
        { title: lbl('screenAddress'), dataIndex: 'screenAddress', ellipsis: true },
        { title: lbl('parks'), key: 'parks', ellipsis: true, render: (_, s) => parks.names(s.groupIds) || '—' },
      ]}
      rowActions={(s) => (
        <a href={screenUrl(s.screenAddress, s.screenTitle, s.screenId)} target="_blank" rel="noreferrer">
          {lbl('open')}
        </a>
      )}
      exportCsv={{
        filename: 'screens.csv',
        columns: [
          { title: lbl('screenTitle'), value: (s) => s.screenTitle },
          { title: lbl('screenAddress'), value: (s) => s.screenAddress },
          { title: lbl('parks'), value: (s) => parks.names(s.groupIds) },
        ],
      }}
      form={{
        initialValues: { groupIds: [], screenAddress: '/large-screen-multi' },
        toValues: (s) => ({ screenTitle: s.screenTitle, screenAddress: s.screenAddress, groupIds: s.groupIds }),
        create: (v) => addScreen(v, { silent: true }),
        update: (s, v) => alterScreen({ ...v, screenId: s.screenId }, { silent: true }),
        fields: [
          {
            name: 'screenTitle',
            label: lbl('screenTitle'),
            required: true,
            schema: screenFields.shape.screenTitle,
            input: <Input />,
          },
          {
            name: 'screenAddress',
            label: lbl('screenAddress'),
            required: true,
            schema: screenFields.shape.screenAddress,
            input: <Input placeholder="/large-screen" />,
            extra: lbl('addressHelp'),
          },
          {
            name: 'groupIds',
            label: lbl('parks'),
            required: true,
            span: 24,
            schema: screenFields.shape.groupIds,
            input: <Select mode="multiple" options={parks.options} />,
          },
        ],
      }}
    />
  );
}
