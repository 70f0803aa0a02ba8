import '../areaTexts';
import {
  REPORT_FREQUENCIES,
  REPORT_LANGS,
  type ReportFrequency,
  type ReportListItem,
  type ReportSettings,
} from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  List,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { getReportList, getReportSettings, reportFileUrl, saveReportSettings } from '../../../api/reports';
import { useActivePark } from '../../../stores/park';
import { showServerFieldError } from '../../../utils/formRules';
import { useFormSave } from '../../../utils/formSave';

interface ScheduleForm {
  enabled: boolean;
  frequency: ReportFrequency;
  weekday: number;
  sendHour: number;
  contactIds: number[];
}

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** The schedule's editor: administrators change it, others see it read-only. */
function ScheduleCard({ groupId, settings }: { groupId: number; settings: ReportSettings }) {
  const { t } = useTranslation();
  const l = (k: string, o?: Record<string, unknown>) => t(`alarm.reports.${k}`, o);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ScheduleForm>();
  const { saving, save } = useFormSave(form);
  const frequency = Form.useWatch('frequency', form) ?? settings.frequency;
  const labels = { contactIds: l('contacts'), sendHour: l('sendHour'), weekday: l('weekday') };
  const onSave = () =>
    save(
      async (v) => {
        await saveReportSettings({ groupId, ...v });
        await client.invalidateQueries({ queryKey: ['reportSettings', groupId] });
        message.success(l('saved'));
      },
      (err) => showServerFieldError(form, err, labels),
    );
  return (
    <Card title={l('schedule')} size="small" data-testid="report-schedule">
      {!settings.canEdit && <Alert type="info" showIcon title={l('adminOnly')} style={{ marginBottom: 12 }} />}
      <Form<ScheduleForm>
        form={form}
        layout="vertical"
        disabled={!settings.canEdit}
        initialValues={{
          enabled: settings.enabled,
          frequency: settings.frequency,
          weekday: settings.weekday,
          sendHour: settings.sendHour,
          contactIds: settings.contactIds,
        }}
      >
        <Form.Item name="enabled" label={l('enabled')} valuePropName="checked">
          <Switch data-testid="report-enabled" />
        </Form.Item>
        <Form.Item name="frequency" label={l('frequency')}>
          <Radio.Group
            data-testid="report-frequency"
            options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: l(`freq.${f}`) }))}
          />
        </Form.Item>
        <Space wrap size="middle">
          {frequency === 'weekly' && (
            <Form.Item name="weekday" label={l('weekday')}>
              <Select
                style={{ width: 140 }}
                options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: l(`day.${d}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="sendHour" label={l('sendHour')} extra={l('zone', { zone: settings.timeZone })}>
            <Select style={{ width: 140 }} options={HOURS} />
          </Form.Item>
        </Space>
        <Form.Item name="contactIds" label={l('contacts')} extra={l('contactsHelp')}>
          <Select
            mode="multiple"
            data-testid="report-contacts"
            notFoundContent={l('noContacts')}
            options={settings.contacts.map((c) => ({
              value: c.id,
              label: `${c.name} · ${c.email} · ${l(`lang.${c.lang}`)}`,
            }))}
          />
        </Form.Item>
        {settings.canEdit && (
          <Button type="primary" loading={saving} onClick={() => void onSave()} data-testid="report-save">
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

const STATE_COLOR: Record<string, string> = { sent: 'green', failed: 'red', retrying: 'orange', pending: 'blue' };

function ReportItem({ r }: { r: ReportListItem }) {
  const { t } = useTranslation();
  const l = (k: string, o?: Record<string, unknown>) => t(`alarm.reports.${k}`, o);
  const s = r.summary;
  const raised = s.alarms.reduce((a, x) => a + x.raised, 0);
  const water = s.water.reduce((a, x) => a + x.waterM3, 0);
  const caught = s.pests.reduce((a, x) => a + x.count, 0);
  return (
    <List.Item data-testid={`report-${r.id}`}>
      <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Typography.Text strong>
          {l(`freq.${r.frequency}`)} · {r.from} ~ {r.to}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {l('figures', { raised, water: water.toFixed(3), caught, offline: s.offline.length })}
        </Typography.Text>
        <Space wrap size={[8, 4]}>
          {REPORT_LANGS.flatMap((lang) =>
            (['pdf', 'xlsx'] as const).map((kind) => (
              <a
                key={`${lang}-${kind}`}
                href={reportFileUrl(r.id, kind, lang)}
                target={kind === 'pdf' ? '_blank' : undefined}
                rel="noreferrer"
                data-testid={`report-${r.id}-${lang}-${kind}`}
              >
                {kind.toUpperCase()} · {l(`lang.${lang}`)}
              </a>
            )),
          )}
        </Space>
        {r.deliveries.length > 0 && (
          <Space wrap size={[4, 4]}>
            {r.deliveries.map((d) => (
              <Tag key={`${d.target}-${d.lang}`} color={STATE_COLOR[d.state]} title={d.lastError || undefined}>
                {d.contactName} · {l(`state.${d.state}`)}
              </Tag>
            ))}
          </Space>
        )}
      </Space>
    </List.Item>
  );
}

/** Alarm settings > scheduled reports: the active park's schedule and its last reports to open or download. */
export default function ReportsTab() {
  const { t } = useTranslation();
  const l = (k: string) => t(`alarm.reports.${k}`);
  const groupId = useActivePark()?.groupId ?? 0;
  const settings = useQuery({
    queryKey: ['reportSettings', groupId],
    queryFn: () => getReportSettings(groupId),
    enabled: groupId > 0,
  });
  const reports = useQuery({
    queryKey: ['reportList', groupId],
    queryFn: () => getReportList(groupId),
    enabled: groupId > 0,
  });
  const failed = (retry: () => void) => (
    <Alert
      type="error"
      showIcon
      title={l('loadFailed')}
      action={
        <Button size="small" onClick={retry}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="reports-tab">
      {settings.isPending && <Skeleton active />}
      {settings.isError && failed(() => void settings.refetch())}
      {settings.data && <ScheduleCard key={groupId} groupId={groupId} settings={settings.data} />}
      <Card title={l('lastReports')} size="small">
        {reports.isPending && <Skeleton active />}
        {reports.isError && failed(() => void reports.refetch())}
        {reports.data &&
          (reports.data.list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={l('none')} data-testid="reports-empty" />
          ) : (
            <List dataSource={reports.data.list} renderItem={(r) => <ReportItem r={r} />} />
          ))}
      </Card>
    </Space>
  );
}
