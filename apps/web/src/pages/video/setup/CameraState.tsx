import type { VideoCamera } from '@farmpark/contracts';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../utils/time';

const BADGE = { ok: 'success', failed: 'warning', failing: 'error', unchecked: 'default' } as const;

/**
 * A camera's last contact in video setup: working, or why it failed in words (the cause the server named),
 * with the source's own answer, the failures in a row and when, on hover (administrators only see this).
 */
export default function CameraState({ camera }: { camera: VideoCamera }) {
  const { t } = useTranslation();
  const testId = `camera-state-${camera.id}`;
  if (!camera.enabled) return <Badge status="default" text={t('video.disabled')} data-testid={testId} />;
  const check = camera.check;
  // not reached by video yet: the device's own state (a camera of device management may report it)
  if (!check)
    return (
      <Badge
        status={camera.online ? 'success' : 'default'}
        text={t(camera.online ? 'video.online' : 'video.offline')}
        data-testid={testId}
      />
    );
  const state = check.state;
  const words = check.fault && state !== 'ok' ? t(`video.refused.${check.fault}`) : t(`video.setup.checks.${state}`);
  const more = [
    state === 'failed' || state === 'failing' ? t(`video.setup.checks.${state}`) : '',
    check && check.failures > 0 ? t('video.setup.failures', { n: check.failures }) : '',
    check?.at ? t('video.setup.checkedAt', { at: formatTime(check.at) }) : '',
    check?.detail ?? '',
  ].filter(Boolean);
  return (
    <Tooltip title={more.length > 0 ? more.map((m) => <div key={m}>{m}</div>) : undefined}>
      <Badge status={BADGE[state]} text={words} data-testid={testId} />
    </Tooltip>
  );
}
