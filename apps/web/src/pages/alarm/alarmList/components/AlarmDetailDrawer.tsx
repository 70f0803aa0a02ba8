import '../../areaTexts';
import type { AlarmDelivery, AlarmDetail } from '@farmpark/contracts';
import { Descriptions, Drawer, Table, Tag } from 'antd';
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

/** One alarm: every step with times and people, and each notification per contact and channel. */
export default function AlarmDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [detail, setDetail] = useState<AlarmDetail | null>(null);
  const parks = useParkStore((s) => s.parks);
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
  }, [id]);
  const r = (k: string) => t(`alarm.record.${k}`);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? '100%' : 760}
      title={r('detail')}
      data-testid="alarm-detail"
      destroyOnHidden
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
                render: (v: string) => <Tag color={DELIVERY_COLOR[v]}>{t(`alarm.delivery.${v}`)}</Tag>,
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
