import '../areaTexts';
import { SYSTEM_LOG_ACTIONS, SYSTEM_LOG_TARGETS, type SystemLogEntry } from '@farmpark/contracts';
import { DatePicker, Input, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getSystemLogList, systemLogExportUrl } from '../../../api/admin';
import CrudPage from '../../../components/CrudPage';
import { choiceField } from '../../../components/CrudPage/choiceField';
import ZoneHint from '../../../components/filters/ZoneHint';
import { formatTime, fromPicker } from '../../../utils/time';

/** System > system log: who did what to which object, when, from where, and how it ended. */
export default function SystemLogPage() {
  const { t, i18n } = useTranslation();
  const lbl = (k: string) => t(`admin.log.${k}`);
  // Both lists come from contracts and the translations are typed by them; the fallback only covers
  // lines written by a newer server than this console.
  const actionLabel = (a: string) => (i18n.exists(`admin.actions.${a}`) ? t(`admin.actions.${a}`) : a);
  const typeLabel = (k: string) => (i18n.exists(`admin.targetTypes.${k}`) ? t(`admin.targetTypes.${k}`) : k);

  return (
    <CrudPage<SystemLogEntry>
      testId="log"
      rowKey="id"
      fetchList={getSystemLogList}
      keyword={lbl('keyword')}
      search={[
        {
          name: 'range',
          label: lbl('timeRange'),
          input: <DatePicker.RangePicker showTime style={{ width: '100%' }} />,
          toParams: (v) => {
            const r = v as [Dayjs, Dayjs] | null | undefined;
            // picked wall-clock times are the park's
            return r ? { startTime: fromPicker(r[0]), endTime: fromPicker(r[1]) } : {};
          },
        },
        { name: 'loginName', label: lbl('operator'), input: <Input allowClear data-testid="log-loginName" /> },
        choiceField(
          'action',
          lbl('action'),
          SYSTEM_LOG_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
          t('crud.all'),
          true,
        ),
        choiceField(
          'targetType',
          lbl('targetType'),
          SYSTEM_LOG_TARGETS.map((k) => ({ value: k, label: typeLabel(k) })),
          t('crud.all'),
        ),
        choiceField(
          'result',
          lbl('result'),
          [
            { value: 'ok', label: lbl('ok') },
            { value: 'fail', label: lbl('fail') },
          ],
          t('crud.all'),
        ),
      ]}
      columns={[
        {
          title: (
            <>
              {lbl('time')} <ZoneHint compact />
            </>
          ),
          dataIndex: 'createdAt',
          width: 190,
          render: (v: string) => formatTime(v),
        },
        // operator, action, object and detail as the server phrased them (the export's words)
        { title: lbl('operator'), key: 'operator', width: 130, render: (_, e) => e.text?.operator ?? e.loginName },
        {
          title: lbl('action'),
          key: 'action',
          width: 150,
          render: (_, e) => e.text?.action ?? actionLabel(e.action),
        },
        {
          title: lbl('target'),
          key: 'target',
          width: 180,
          responsive: ['md'],
          ellipsis: true,
          render: (_, e) => e.text?.target || (e.targetType ? `${typeLabel(e.targetType)} ${e.targetId}`.trim() : '—'),
        },
        { title: lbl('detail'), key: 'detail', ellipsis: true, render: (_, e) => e.text?.detail ?? e.detail },
        { title: lbl('ip'), dataIndex: 'ip', width: 130, responsive: ['lg'] },
        {
          title: lbl('result'),
          key: 'result',
          width: 130,
          fixed: 'right',
          render: (_, e) =>
            e.result === 'ok' ? (
              <Tag color="green">{lbl('ok')}</Tag>
            ) : (
              <Tag color="red">{`${lbl('fail')} ${e.resultCode}`}</Tag>
            ),
        },
      ]}
      exportCsv={{ url: systemLogExportUrl }}
    />
  );
}
