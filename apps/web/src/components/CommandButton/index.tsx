import '../areaTexts';
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendCommandInput } from '../../api/commands';
import type { CommandView } from './commandState';
import { useCommand } from './useCommand';

export { useCommand } from './useCommand';

/** "Sending", then the device's outcome, with the reason when it failed. */
export function CommandOutcome({ view, testId }: { view: CommandView; testId?: string }) {
  const { t } = useTranslation();
  if (view.phase === 'idle') return null;
  if (view.phase === 'sending')
    return (
      <Typography.Text type="secondary" data-testid={testId} data-state="sending">
        <LoadingOutlined /> {t('command.sending')}
      </Typography.Text>
    );
  const icon =
    view.state === 'succeeded' ? (
      <CheckCircleFilled />
    ) : view.state === 'timedOut' ? (
      <ClockCircleFilled />
    ) : (
      <CloseCircleFilled />
    );
  return (
    <Typography.Text
      type={view.state === 'succeeded' ? 'success' : view.state === 'timedOut' ? 'warning' : 'danger'}
      data-testid={testId}
      data-state={view.state}
    >
      {icon} {t(`command.state.${view.state}`)}
      {view.state !== 'succeeded' && view.reason ? `: ${view.reason}` : ''}
    </Typography.Text>
  );
}

export interface CommandButtonProps extends Omit<ButtonProps, 'onClick'> {
  command: SendCommandInput;
  /** Asked before sending: anything that moves water, power or machinery needs it. */
  confirm?: ReactNode;
  testId?: string;
  onDone?: Parameters<typeof useCommand>[0];
}

/** A button that sends one command after confirmation and shows its real outcome beside it. */
export default function CommandButton({ command, confirm, testId, onDone, children, ...button }: CommandButtonProps) {
  const { t } = useTranslation();
  const { view, send } = useCommand(onDone);
  const busy = view.phase === 'sending';
  const btn = (
    <Button
      {...button}
      loading={busy}
      disabled={button.disabled || busy}
      data-testid={testId}
      onClick={confirm ? undefined : () => send(command)}
    >
      {children}
    </Button>
  );
  return (
    <Space wrap>
      {confirm ? (
        <Popconfirm
          title={confirm}
          okText={t('command.confirmOk')}
          cancelText={t('common.cancel')}
          onConfirm={() => send(command)}
        >
          {btn}
        </Popconfirm>
      ) : (
        btn
      )}
      <CommandOutcome view={view} testId={testId ? `${testId}-outcome` : undefined} />
    </Space>
  );
}

export interface CommandSwitchProps {
  /** The state the device last reported; null when unknown. */
  checked: boolean | null;
  command: (on: boolean) => SendCommandInput;
  confirm: (on: boolean) => ReactNode;
  disabled?: boolean;
  testId?: string;
}

/**
 * An on/off switch for a device: it shows the reported state, never the wished one, so after a
 * confirmed command it moves only when the device's new reading (or ack) says so.
 */
export function CommandSwitch({ checked, command, confirm, disabled, testId }: CommandSwitchProps) {
  const { t } = useTranslation();
  const { view, send } = useCommand();
  const busy = view.phase === 'sending';
  const target = !checked;
  return (
    <Space size={4} wrap>
      <Popconfirm
        title={confirm(target)}
        okText={t('command.confirmOk')}
        cancelText={t('common.cancel')}
        onConfirm={() => send(command(target))}
        disabled={disabled || busy}
      >
        <Switch
          checked={Boolean(checked)}
          loading={busy}
          disabled={disabled}
          checkedChildren={t('live.on')}
          unCheckedChildren={t('live.off')}
          data-testid={testId}
          data-checked={checked === null ? 'unknown' : String(checked)}
        />
      </Popconfirm>
      <CommandOutcome view={view} testId={testId ? `${testId}-outcome` : undefined} />
    </Space>
  );
}
