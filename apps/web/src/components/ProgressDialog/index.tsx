import { Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogProps } from '../../utils/dialog';
import { PROGRESS_DEFAULT_MS, runProgress } from '../../utils/progress';

export interface ProgressDialogProps {
  open: boolean;
  /** Total time from 0 to 100 (SPEC §9 default 4000 ms). */
  duration?: number;
  title?: string;
  onClose: () => void;
}

/** SPEC §4: counts 0 to 100 and closes itself 300 ms after reaching 100. */
export default function ProgressDialog({ open, duration = PROGRESS_DEFAULT_MS, title, onClose }: ProgressDialogProps) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!open) return;
    return runProgress({ onTick: setPercent, onDone: onClose }, duration);
  }, [open, duration, onClose]);
  return (
    <Modal
      {...dialogProps({ width: 420 })}
      open={open}
      title={title ?? t('progress.title')}
      footer={null}
      closable={false}
    >
      <Progress percent={percent} status={percent < 100 ? 'active' : 'success'} data-testid="progress-dialog-bar" />
    </Modal>
  );
}
