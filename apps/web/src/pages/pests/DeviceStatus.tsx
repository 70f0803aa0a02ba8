import '../../components/areaTexts';
import './areaTexts';
import type { PestKind, TrapStatus } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Image,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  Tag,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTrapStatusList, imageUrl, operateInsect, setInsectParam, updateSporeStatus } from '../../api/pests';
import { useParkStore } from '../../stores/park';
import { formatTime } from '../../utils/time';

/** The buttons of each kind of device; each one's label and test id are named after what it asks for. */
const INSECT_ACTIONS = ['photograph', 'lampOn', 'lampOff'] as const;
const SPORE_ACTIONS = ['capture', 'changeSlide'] as const;

const fmt = (ts: number | null | undefined) => formatTime(ts, 'minute', { empty: '-' });

/** One action: asks first, waits for the device's answer (the server waits), then shows it. */
function Action({ label, run, testId }: { label: string; run: () => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={t('pests.confirm')}
      onConfirm={async () => {
        setBusy(true);
        try {
          await run();
          message.success(t('pests.done'));
        } catch {
          // the request client already showed the device's reason (code 1003)
        } finally {
          setBusy(false);
          void client.invalidateQueries({ queryKey: ['pests'] });
        }
      }}
    >
      <Button loading={busy} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}

function InsectParams({ d }: { d: TrapStatus }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<[dayjs.Dayjs, dayjs.Dayjs] | null>(
    d.workPeriod ? [dayjs(d.workPeriod.start, 'HH:mm'), dayjs(d.workPeriod.end, 'HH:mm')] : null,
  );
  const [interval, setInterval] = useState<number | null>(d.latest.photoInterval?.value ?? 60);
  return (
    <Space wrap>
      <span>{t('pests.workPeriod')}</span>
      <TimePicker.RangePicker
        format="HH:mm"
        value={period}
        onChange={(v) => setPeriod(v as [dayjs.Dayjs, dayjs.Dayjs])}
        order={false}
      />
      <Action
        label={t('pests.save')}
        testId={`period-${d.deviceId}`}
        run={() =>
          period
            ? setInsectParam({
                deviceId: d.deviceId,
                workStart: period[0].format('HH:mm'),
                workEnd: period[1].format('HH:mm'),
              })
            : Promise.resolve()
        }
      />
      <span>{t('pests.photoInterval')}</span>
      <InputNumber min={5} max={1440} value={interval} onChange={setInterval} style={{ width: 90 }} />
      <Action
        label={t('pests.save')}
        testId={`interval-${d.deviceId}`}
        run={() => setInsectParam({ deviceId: d.deviceId, photoInterval: interval ?? 60 })}
      />
    </Space>
  );
}

function TrapCard({ d, kind }: { d: TrapStatus; kind: PestKind }) {
  const { t } = useTranslation();
  const actions: [string, () => Promise<unknown>][] =
    kind === 'insect'
      ? INSECT_ACTIONS.map((operate) => [operate, () => operateInsect({ deviceId: d.deviceId, operate })])
      : SPORE_ACTIONS.map((status) => [status, () => updateSporeStatus({ deviceId: d.deviceId, status })]);
  const v = (k: string) => d.latest[k]?.value;
  // 开/关 on a Chinese page, On/Off in English: never the raw ON/OFF.
  const onOff = (k: string) => t(v(k) === 1 ? 'live.on' : 'live.off');
  const slideNames = t('pests.slideStates').split('|');
  return (
    <Card
      size="small"
      title={
        <Space>
          {d.deviceName}
          <Tag color={d.online ? 'green' : 'default'}>{d.online ? t('pests.online') : t('pests.offline')}</Tag>
        </Space>
      }
      style={{ opacity: d.online ? 1 : 0.6 }}
      data-testid={`trap-${d.deviceId}`}
    >
      <Row gutter={12}>
        <Col xs={24} sm={9}>
          {d.lastImage ? (
            <Image src={imageUrl(d.lastImage.imageId, true)} preview={{ src: imageUrl(d.lastImage.imageId) }} alt="" />
          ) : (
            <Empty description={t('pests.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Col>
        <Col xs={24} sm={15}>
          <Descriptions size="small" column={1}>
            {kind === 'insect' ? (
              <>
                <Descriptions.Item label={t('pests.lamp')}>{onOff('lamp')}</Descriptions.Item>
                <Descriptions.Item label={t('pests.chamber')}>
                  {onOff('heater')} {v('chamberTemp') !== undefined ? `${v('chamberTemp')?.toFixed(1)} °C` : ''}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label={t('pests.slide')}>
                {slideNames[v('slideState') ?? 0]} ({v('slideUses') ?? 0})
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('pests.voltage')}>
              {v('voltage') !== undefined ? `${v('voltage')?.toFixed(1)} V` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={kind === 'insect' ? t('pests.lastPhoto') : t('pests.lastCapture')}>
              {fmt(d.lastImage?.takenAt)} {d.lastImage ? `(${d.lastImage.total})` : ''}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
      <Space wrap style={{ marginTop: 8 }}>
        {actions.map(([name, run]) => (
          <Action key={name} label={t(`pests.${name}`)} testId={`${name}-${d.deviceId}`} run={run} />
        ))}
      </Space>
      {kind === 'insect' && (
        <div style={{ marginTop: 8 }}>
          <InsectParams d={d} />
        </div>
      )}
    </Card>
  );
}

export default function DeviceStatus({ kind }: { kind: PestKind }) {
  const groupId = useParkStore((s) => s.activeGroupId);
  const q = useQuery({
    queryKey: ['pests', 'status', kind, groupId],
    queryFn: () => getTrapStatusList(groupId as number, kind),
    enabled: groupId !== null,
    refetchInterval: 15_000,
  });
  if (!q.data?.length)
    return (
      <Card loading={q.isLoading}>
        <Empty />
      </Card>
    );
  return (
    <Row gutter={[16, 16]}>
      {q.data.map((d) => (
        <Col key={d.deviceId} xs={24} xl={12}>
          <TrapCard d={d} kind={kind} />
        </Col>
      ))}
    </Row>
  );
}
