import '../areaTexts';
import { type Notice, noticeFields } from '@farmpark/contracts';
import { Alert, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { addNotice, alterNotice, getNoticeList, type NoticeInput, removeNotice } from '../../../api/alarms';
import CrudPage from '../../../components/CrudPage';
import { EnabledTag } from '../labels';

/** Merchant notices shown on the home page banner (managed with the alarm settings permission). */
export default function NoticesTab() {
  const { t } = useTranslation();
  const l = (k: string) => t(`alarm.notice.${k}`);
  const s = noticeFields.shape;
  return (
    <>
      <Alert type="info" showIcon title={l('permissionNote')} style={{ marginBottom: 12 }} />
      <CrudPage<Notice, NoticeInput>
        testId="notice"
        rowKey="id"
        fetchList={getNoticeList}
        remove={removeNotice}
        rowLabel={(n) => n.title}
        keyword={l('title')}
        columns={[
          { title: l('title'), dataIndex: 'title', width: 220 },
          { title: l('body'), dataIndex: 'body', ellipsis: true },
          { title: l('dates'), key: 'dates', width: 220, render: (_, n) => `${n.startDate} ~ ${n.endDate}` },
          {
            title: l('enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean) => <EnabledTag enabled={v} />,
          },
        ]}
        form={{
          initialValues: { enabled: true, body: '' },
          toValues: (n) => ({ ...n }),
          create: (v) => addNotice({ ...v, body: v.body ?? '' }, { silent: true }),
          update: (n, v) => alterNotice({ ...v, body: v.body ?? '', id: n.id }, { silent: true }),
          fields: [
            { name: 'title', label: l('title'), required: true, schema: s.title, span: 24, input: <Input /> },
            { name: 'body', label: l('body'), schema: s.body, span: 24, input: <Input.TextArea rows={4} /> },
            {
              name: 'startDate',
              label: l('startDate'),
              required: true,
              schema: s.startDate,
              input: <Input type="date" />,
            },
            { name: 'endDate', label: l('endDate'), required: true, schema: s.endDate, input: <Input type="date" /> },
            { name: 'enabled', label: l('enabled'), valuePropName: 'checked', input: <Switch /> },
          ],
        }}
      />
    </>
  );
}
