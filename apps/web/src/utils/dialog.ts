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
