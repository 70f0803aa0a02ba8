import type { DeviceParamConfig, ParamView } from '@farmpark/contracts';

/** Visible parameters of a device, in its group and parameter order. */
export function visibleParams(device: DeviceParamConfig | undefined): ParamView[] {
  if (!device) return [];
  const groupSort = new Map(device.groups.map((g) => [g.key, g.sort]));
  return device.params
    .filter((p) => !p.hidden)
    .sort((a, b) => (groupSort.get(a.group) ?? 0) - (groupSort.get(b.group) ?? 0) || a.sort - b.sort);
}

/** The measured values a chart starts with (switch states make poor default lines). */
export const defaultKeys = (params: readonly ParamView[], n = 2) =>
  params
    .filter((p) => p.kind === 'measure')
    .slice(0, n)
    .map((p) => p.key);
