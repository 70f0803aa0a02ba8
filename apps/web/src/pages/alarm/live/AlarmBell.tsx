import { BellOutlined } from '@ant-design/icons';
import type { AlarmChannelMessage } from '@farmpark/contracts';
import { App, Badge, Button, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getActiveAlarmCount } from '../../../api/alarms';
import type { AppRoute } from '../../../config/routeTypes';
import { useAlarmFeed } from '../../../mqtt/useAlarmFeed';
import { useParkStore } from '../../../stores/park';
import { useSessionStore } from '../../../stores/session';
import { paramLabel, SeverityTag } from '../labels';

const RECORDS = '/alarm/alarmList';
const canOpen = (routes: readonly AppRoute[]): boolean =>
  routes.some((r) => r.path === RECORDS || canOpen(r.children ?? []));

/**
 * Top-bar bell: alarms of the active park not yet cleared, kept current over MQTT, and a notification
 * for each new alarm that opens its record. Shown only to users who may open the records.
 */
export default function AlarmBell() {
  const allowed = useSessionStore((s) => canOpen(s.routes));
  return allowed ? <Bell /> : null;
}

function Bell() {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const groupId = useParkStore((s) => s.activeGroupId);
  const devices = useParkStore((s) => s.parks.find((p) => p.groupId === s.activeGroupId)?.devices);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = useCallback(() => {
    if (!groupId) return;
    getActiveAlarmCount(groupId)
      .then((c) => setOpen(c.open))
      .catch(() => {});
  }, [groupId]);
  useEffect(refresh, [refresh]);

  const show = (id: number) => navigate(`${RECORDS}?id=${id}`);
  useAlarmFeed((m: AlarmChannelMessage) => {
    setOpen(m.openCount);
    if (m.event !== 'raised') return;
    const key = `alarm-${m.alarmId}`;
    const cls = devices?.find((d) => d.deviceId === m.deviceId)?.deviceClass;
    const p = m.key ? paramLabel(cls, m.key, i18n.language) : null;
    const value = p && m.value !== null ? `${p.name} ${m.value}${p.unit ? ` ${p.unit}` : ''}` : '';
    notification.warning({
      key,
      title: t('alarm.live.newTitle', { rule: m.ruleName }),
      description: (
        <span data-testid="alarm-notification">
          <SeverityTag severity={m.severity} /> {t('alarm.live.newBody', { device: m.deviceName, value })}{' '}
          <Button
            type="link"
            size="small"
            data-testid="alarm-notification-link"
            onClick={() => {
              notification.destroy(key);
              show(m.alarmId);
            }}
          >
            {t('alarm.live.view')}
          </Button>
        </span>
      ),
      duration: 10,
    });
  }, refresh);

  return (
    <Tooltip title={t('alarm.live.badge')}>
      <Badge count={open ?? 0} size="small" offset={[-4, 4]} data-testid="alarm-badge" data-count={open ?? 0}>
        <Button
          type="text"
          aria-label={t('alarm.live.badge')}
          icon={<BellOutlined />}
          onClick={() => navigate(`${RECORDS}?state=active`)}
          data-testid="alarm-bell"
        />
      </Badge>
    </Tooltip>
  );
}
