import { Modal } from 'antd';
import i18n from '../i18n';
import { feedbackApi } from '../utils/feedback';

let shown = false;

/** SPEC §4/§8: reload whether the user confirms or cancels; shown once however many chunks fail. */
export function showChunkLoadError(reload: () => void = () => window.location.reload()): void {
  if (shown) return;
  shown = true;
  (feedbackApi()?.modal.confirm ?? Modal.confirm)({
    title: i18n.t('forcedLogout.title'),
    content: i18n.t('chunkError.content'),
    okText: i18n.t('chunkError.refresh'),
    cancelText: i18n.t('common.close'),
    onOk: reload,
    onCancel: reload,
  });
}
