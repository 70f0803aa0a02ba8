import '../areaTexts';
import { FILE_KINDS, formatBytes, type FileUsage as Usage } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Progress, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getFileUsage } from '../../api/storage';

export const FILE_USAGE_KEY = ['fileUsage'];

/** Above this share of the quota the bar turns to a warning, so a full disk is seen before an upload fails. */
const WARN_AT = 0.9;

/**
 * The company's storage, used against its quota, beside the pages that upload the big files (clips, reports).
 * The tooltip splits it by kind and says that removed files are freed a day later (the file sweep's grace).
 */
export default function FileUsage() {
  const usage = useQuery({ queryKey: FILE_USAGE_KEY, queryFn: getFileUsage, staleTime: 60_000 });
  return <FileUsageView usage={usage.data} loading={usage.isPending} failed={usage.isError} />;
}

/** The bar itself, from the server's answer (or its loading and failed states). */
export function FileUsageView({ usage: u, loading, failed }: { usage?: Usage; loading?: boolean; failed?: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton.Input active size="small" />;
  if (failed || !u)
    return (
      <Typography.Text type="secondary" data-testid="file-usage">
        {t('fileUsage.unavailable')}
      </Typography.Text>
    );
  const share = u.quotaBytes > 0 ? u.usedBytes / u.quotaBytes : 1;
  const detail = (
    <div>
      {FILE_KINDS.map((kind) => {
        const k = u.kinds.find((x) => x.kind === kind);
        return (
          <div key={kind}>
            {t('fileUsage.line', {
              kind: t(`fileUsage.kind.${kind}`),
              size: formatBytes(k?.bytes ?? 0),
              files: t('fileUsage.files', { count: k?.files ?? 0 }),
            })}
          </div>
        );
      })}
      <div style={{ marginTop: 4 }}>{t('fileUsage.freedLater')}</div>
    </div>
  );
  return (
    <Tooltip title={detail}>
      <span
        data-testid="file-usage"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0, maxWidth: '100%' }}
      >
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('fileUsage.label', { used: formatBytes(u.usedBytes), quota: formatBytes(u.quotaBytes) })}
        </Typography.Text>
        <Progress
          percent={Math.min(100, Math.round(share * 1000) / 10)}
          size="small"
          showInfo={false}
          status={share >= 1 ? 'exception' : 'normal'}
          strokeColor={share >= WARN_AT && share < 1 ? '#faad14' : undefined}
          style={{ width: 96, margin: 0 }}
          aria-label={t('fileUsage.label', { used: formatBytes(u.usedBytes), quota: formatBytes(u.quotaBytes) })}
        />
      </span>
    </Tooltip>
  );
}
