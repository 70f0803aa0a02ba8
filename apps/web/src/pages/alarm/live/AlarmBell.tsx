import '../areaTexts';
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
 * Top-bar bell: the active park's unacknowledged alarms (as the home card counts them: acknowledged ones
 * that are still active no longer call for anyone), kept current over MQTT, and a notification for each
 * new alarm that opens its record. Shown only to users who may open the records.
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
  const [unacked, setUnacked] = useState<number | null>(null);
  const refresh = useCallback(() => {
    if (!groupId) return;
    getActiveAlarmCount(groupId)
      .then((c) => setUnacked(c.active))
      .catch(() => {});
  }, [groupId]);
  useEffect(refresh, [refresh]);

  const show = (id: number) => navigate(`${RECORDS}?id=${id}`);
  useAlarmFeed((m: AlarmChannelMessage) => {
    // the message counts alarms not yet cleared, acknowledged ones included: ask for the unacknowledged
    refresh();
    if (m.event !== 'raised') return;
    // one notification per rule and device: a rule that fires again (gusts around a wind limit) replaces its
    // notification instead of stacking another over the page
    const key = `alarm-${m.deviceId}-${m.ruleName}`;
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
      <Badge count={unacked ?? 0} size="small" offset={[-4, 4]} data-testid="alarm-badge" data-count={unacked ?? 0}>
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
