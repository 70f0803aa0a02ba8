import '../../areaTexts';
import type { AlarmDelivery, AlarmDetail } from '@farmpark/contracts';
import { Button, Descriptions, Drawer, Table, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAlarmDetail } from '../../../../api/alarms';
import { useAppStore } from '../../../../stores/app';
import { useParkStore } from '../../../../stores/park';
import { formatTime } from '../../../../utils/time';
import AlarmPictures from '../../../video/components/AlarmPictures';
import { conditionText, SeverityTag, StateTag } from '../../labels';

const time = (ms: number | null) => formatTime(ms);
const DELIVERY_COLOR: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  retrying: 'orange',
  pending: 'blue',
  held: 'purple',
  skipped: 'default',
};

/**
 * One alarm: every step with times and people, and each notification per contact and channel. A bot's
 * card links here (`?id=`): an alarm not yet acknowledged has the button to acknowledge it (`onAck`);
 * `reloadKey` changes when it was.
 */
export default function AlarmDetailDrawer({
  id,
  onClose,
  onAck,
  reloadKey = 0,
}: {
  id: number | null;
  onClose: () => void;
  onAck?: (id: number) => void;
  reloadKey?: number;
}) {
  const { t, i18n } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [detail, setDetail] = useState<AlarmDetail | null>(null);
  const parks = useParkStore((s) => s.parks);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloadKey` asks again on purpose (acknowledged)
  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    let live = true;
    getAlarmDetail(id)
      .then((d) => live && setDetail(d))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [id, reloadKey]);
  const r = (k: string) => t(`alarm.record.${k}`);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? '100%' : 760}
      title={r('detail')}
      data-testid="alarm-detail"
      destroyOnHidden
      extra={
        detail && detail.ackedAt === null && onAck ? (
          <Button type="primary" onClick={() => onAck(detail.id)} data-testid="detail-ack">
            {r('ack')}
          </Button>
        ) : null
      }
    >
      {detail && (
        <>
          <Descriptions column={mobile ? 1 : 2} size="small" bordered>
            <Descriptions.Item label={r('rule')}>{detail.ruleName}</Descriptions.Item>
            <Descriptions.Item label={r('state')}>
              <StateTag state={detail.state} />
            </Descriptions.Item>
            <Descriptions.Item label={r('park')}>{detail.groupName}</Descriptions.Item>
            <Descriptions.Item label={r('device')}>
              {detail.deviceName} ({detail.serial})
            </Descriptions.Item>
            <Descriptions.Item label={r('condition')} span={2}>
              {conditionText(
                detail.condition,
                parks.flatMap((p) => p.devices).find((d) => d.deviceId === detail.deviceId)?.deviceClass,
                t,
                i18n.language,
              )}
            </Descriptions.Item>
            <Descriptions.Item label={r('severity')}>
              <SeverityTag severity={detail.severity} />
            </Descriptions.Item>
            <Descriptions.Item label={r('value')}>{detail.value ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={r('time')}>{time(detail.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={r('notifications')}>{detail.notifyCount}</Descriptions.Item>
            <Descriptions.Item label={r('ackedBy')}>{detail.ackedBy || '—'}</Descriptions.Item>
            <Descriptions.Item label={r('ackedAt')}>{time(detail.ackedAt)}</Descriptions.Item>
            <Descriptions.Item label={r('comment')} span={2}>
              {detail.ackComment || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={r('clearedAt')}>{time(detail.clearedAt)}</Descriptions.Item>
            <Descriptions.Item label={r('clearedValue')}>{detail.clearedValue ?? '—'}</Descriptions.Item>
          </Descriptions>
          <AlarmPictures alarmId={detail.id} />
          <h4 style={{ margin: '16px 0 8px' }}>{r('deliveries')}</h4>
          <Table<AlarmDelivery>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 760 }}
            dataSource={detail.deliveries}
            data-testid="alarm-deliveries"
            columns={[
              { title: r('time'), dataIndex: 'createdAt', width: 150, render: time },
              { title: r('event'), dataIndex: 'event', width: 90, render: (v) => t(`alarm.event.${v}`) },
              { title: r('contact'), dataIndex: 'contactName', width: 100, render: (v) => v || '—' },
              { title: r('channel'), dataIndex: 'channel', width: 90, render: (v) => t(`alarm.channel.${v}`) },
              { title: r('target'), dataIndex: 'target', ellipsis: true },
              {
                title: r('deliveryState'),
                dataIndex: 'state',
                width: 110,
                render: (v: string, d) => (
                  <>
                    <Tag color={DELIVERY_COLOR[v]}>{t(`alarm.delivery.${v}`)}</Tag>
                    {d.digestId !== null && (
                      <Tooltip title={r('inDigestHelp')}>
                        <Tag data-testid="in-digest">{r('inDigest')}</Tag>
                      </Tooltip>
                    )}
                  </>
                ),
              },
              { title: r('attempts'), dataIndex: 'attempts', width: 80 },
              { title: r('sentAt'), dataIndex: 'sentAt', width: 150, render: time },
              { title: r('lastError'), dataIndex: 'lastError', ellipsis: true, render: (v) => v || '—' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
