import '../areaTexts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A command and its parameters in words ("Fans: on"), for records and confirmations. Unknown
 * commands fall back to their name and JSON parameters rather than hiding anything.
 */
export function describeCommand(
  name: string,
  params: Record<string, unknown>,
  t: Translate,
  has: (k: string) => boolean,
): string {
  const actuator = typeof params.actuator === 'string' ? params.actuator : null;
  const what = actuator ? (has(`actuator.${actuator}`) ? t(`actuator.${actuator}`) : actuator) : null;
  const onOff =
    typeof params.on === 'boolean' || params.on === 0 || params.on === 1
      ? params.on
        ? t('live.on')
        : t('live.off')
      : null;
  const mode = params.mode === 'auto' ? t('live.auto') : params.mode === 'manual' ? t('live.manual') : null;
  switch (name) {
    case 'setActuator':
      if (what && onOff) return t('command.setActuatorText', { what, state: onOff });
      break;
    case 'setMode':
      if (mode) return what ? t('command.setModeOfText', { what, mode }) : t('command.setModeText', { mode });
      break;
    case 'setLamp':
      if (onOff) return t('command.setLampText', { state: onOff });
      break;
    case 'setWorkWindow':
      if (typeof params.start === 'string' && typeof params.end === 'string')
        return t('command.setWorkWindowText', { start: params.start, end: params.end });
      break;
  }
  const label = has(`command.names.${name}`) ? t(`command.names.${name}`) : name;
  const rest = Object.keys(params).length ? ` ${JSON.stringify(params)}` : '';
  return `${label}${rest}`;
}
