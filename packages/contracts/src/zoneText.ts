/**
 * How a zone reads, on the page and in exports alike (zod-free: the console's pages and the command
 * phrases import it).
 */

/** What a zone is called: its own name, else its plot's name, else nothing (the number alone). */
export const zoneOwnName = (z: { name: string | null; areaPointName: string | null } | undefined): string | null =>
  z?.name || z?.areaPointName || null;

/**
 * A zone as readers see it: "1区 → 番茄东棚" / "Zone 1 → Tomato east" when it has a name (or a plot),
 * "1区" / "Zone 1" otherwise. The number stays first so the machine's own numbering is never lost.
 */
export function zoneText(lang: 'zh' | 'en', zoneNo: number, name?: string | null): string {
  const base = lang === 'zh' ? `${zoneNo}区` : `Zone ${zoneNo}`;
  return name ? `${base} → ${name}` : base;
}

/** The zones of one machine by number, for phrasing (`zoneText(lang, n, names.get(n))`). */
export function zoneNames(
  zones: readonly { deviceId: number; zoneNo: number; name: string | null; areaPointName: string | null }[],
  deviceId: number,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const z of zones) {
    const name = z.deviceId === deviceId ? zoneOwnName(z) : null;
    if (name) out.set(z.zoneNo, name);
  }
  return out;
}

/** Several zones in one phrase: "1区 → 番茄东棚、2区" / "Zone 1 → Tomato east, Zone 2". */
export const zoneListText = (lang: 'zh' | 'en', zones: readonly number[], names?: ReadonlyMap<number, string>) =>
  zones.map((n) => zoneText(lang, n, names?.get(n))).join(lang === 'zh' ? '、' : ', ');
