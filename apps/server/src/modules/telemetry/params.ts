import {
  DEVICE_MODEL,
  type DeviceClass,
  type GroupView,
  type Lang,
  type ParamDef,
  type ParamView,
} from '@farmpark/contracts';
import type { DeviceGroupSortTable, DeviceParamSettingsTable } from '../../db/schema';

/**
 * A device's variables as the console shows them: the model's definitions with the device's own
 * overrides applied, in the caller's language, ordered by variable group then by parameter.
 */
export function groupViews(deviceClass: DeviceClass, lang: Lang, sorts: DeviceGroupSortTable[]): GroupView[] {
  const defs = DEVICE_MODEL[deviceClass]?.groups ?? [];
  const custom = new Map(sorts.map((s) => [s.group_key, s.sort]));
  return defs
    .map((g, i) => ({ key: g.key, name: lang === 'en' ? g.en : g.zh, sort: custom.get(g.key) ?? 1000 + i }))
    .sort((a, b) => a.sort - b.sort);
}

export function paramViews(
  deviceClass: DeviceClass,
  lang: Lang,
  settings: DeviceParamSettingsTable[],
  groups: GroupView[],
): ParamView[] {
  const defs: ParamDef[] = DEVICE_MODEL[deviceClass]?.params ?? [];
  const own = new Map(settings.map((s) => [s.key, s]));
  const groupRank = new Map(groups.map((g, i) => [g.key, i]));
  return defs
    .map((d, i) => {
      const s = own.get(d.key);
      return {
        key: d.key,
        name: s?.name ?? (lang === 'en' ? d.en : d.zh),
        unit: s?.unit ?? d.unit,
        decimals: s?.decimals ?? d.decimals,
        group: d.group,
        sort: s?.sort ?? i,
        hidden: Boolean(s?.hidden ?? 0),
        min: d.min,
        max: d.max,
        kind: d.kind,
      };
    })
    .sort((a, b) => (groupRank.get(a.group) ?? 0) - (groupRank.get(b.group) ?? 0) || a.sort - b.sort);
}

export function knownKeys(deviceClass: DeviceClass): Set<string> {
  return new Set((DEVICE_MODEL[deviceClass]?.params ?? []).map((p) => p.key));
}
