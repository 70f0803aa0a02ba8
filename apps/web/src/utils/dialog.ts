import type { ModalProps } from 'antd';

/** SPEC §9 dialog defaults: 840 px wide, 15vh from the top, no close on a click outside (a half-filled form survives). */
export const DIALOG_WIDTH = 840;

export function dialogProps(overrides: ModalProps = {}): ModalProps {
  return {
    width: DIALOG_WIDTH,
    style: { top: '15vh', ...overrides.style },
    mask: { closable: false },
    destroyOnHidden: true,
    ...overrides,
  };
}

/**
 * The footer of a dialog whose OK saves: Save and Cancel in the reader's language, OK spinning while it
 * saves, and its test id (`<testId>`) for the e2e tests.
 */
export function saveDialogProps(
  t: (key: string) => string,
  p: { saving: boolean; onOk: () => void; onCancel: () => void; testId: string },
): ModalProps {
  return {
    onOk: p.onOk,
    onCancel: p.onCancel,
    okText: t('common.save'),
    cancelText: t('common.cancel'),
    confirmLoading: p.saving,
    okButtonProps: { 'data-testid': p.testId } as ModalProps['okButtonProps'],
  };
}

/** A long form's dialog: the whole screen on a phone (no margin to scroll past), `width` elsewhere. */
export function wideDialogProps(phone: boolean, width: number): ModalProps {
  const base = dialogProps();
  return {
    ...base,
    width: phone ? '100%' : width,
    style: phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : base.style,
  };
}
