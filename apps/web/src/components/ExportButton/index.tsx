import '../areaTexts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadProgress, download, type ExportFormat } from '../../api/request';
import { formatNumber } from '../../utils/numberFormat';
import { saveFile } from '../../utils/saveFile';
import { withParkZone } from '../../utils/time';

export interface ExportButtonProps {
  /** Built when clicked, so it carries exactly the filters on screen at that moment. */
  url: () => string;
  label: string;
  disabled?: boolean;
  testId?: string;
}

/** Downloads a streamed export with a progress dialog counting the bytes; cancel aborts it. */
export default function ExportButton({ url, label, disabled, testId }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, total: null });
    try {
      const { blob, filename } = await download(withParkZone(url()), {
        onProgress: setProgress,
        signal: controller.signal,
      });
      setProgress({ received: blob.size, total: blob.size });
      saveFile(blob, filename);
      message.success(t('export.done', { name: filename }));
    } catch {
      // The request client has told the user (or the user cancelled); nothing more to say.
    } finally {
      abort.current = null;
      setTimeout(() => setProgress(null), 300);
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : undefined;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={run} disabled={disabled || progress !== null} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={progress !== null}
        title={t('export.title')}
        closable={false}
        mask={{ closable: false }}
        okButtonProps={{ style: { display: 'none' } }}
        cancelText={t('common.cancel')}
        onCancel={() => abort.current?.abort()}
        width={420}
      >
        <Progress
          percent={percent ?? 100}
          status={percent === 100 ? 'success' : 'active'}
          showInfo={percent !== undefined}
          data-testid="export-progress"
        />
        <div>{t('export.received', { size: `${formatNumber(progress?.received ?? 0)}B` })}</div>
      </Modal>
    </>
  );
}

/**
 * Excel and CSV of what a list shows, both written by the server (the park's zone, the reader's language).
 * Test ids are `<testId>-export-<format>`, or `export-<format>` without one.
 */
export function ExportButtons({
  url,
  testId,
  disabled,
  formats = ['xlsx', 'csv'],
}: {
  url: (format: ExportFormat) => string;
  testId?: string;
  disabled?: boolean;
  /** The order of the buttons. */
  formats?: readonly ExportFormat[];
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {formats.map((format) => (
        <ExportButton
          key={format}
          url={() => url(format)}
          label={t(`export.${format}`)}
          disabled={disabled}
          testId={testId ? `${testId}-export-${format}` : `export-${format}`}
        />
      ))}
    </Space>
  );
}
