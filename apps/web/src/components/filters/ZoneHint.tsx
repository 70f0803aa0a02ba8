import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParkZone, zoneLabel } from '../../utils/time';

/**
 * Says once, beside a picker or in a time column's header, which zone the page's times are in.
 * `compact` (a header) shows only the offset; the full zone is in its tooltip.
 */
export default function ZoneHint({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const zone = useParkZone();
  const label = zoneLabel(zone);
  return (
    <Typography.Text
      type="secondary"
      title={`${t('tz.hint', { zone: label })}. ${t('tz.hintTitle')}`}
      data-testid="zone-hint"
      style={{ fontSize: 12, fontWeight: 'normal' }}
    >
      {compact ? `(${label.split(' ')[0]})` : t('tz.hint', { zone: label })}
    </Typography.Text>
  );
}
