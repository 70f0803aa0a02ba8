import type { VirtualDevice } from './device';

/** Irrigated area a zone's water spreads over, m²: 1 m³ on 100 m² is 10 mm. */
export const DEFAULT_ZONE_AREA_M2 = 100;

export interface ZoneLink {
  irrigator: VirtualDevice;
  zone: number;
  soil: VirtualDevice;
  areaM2: number;
}

/**
 * Water moved by irrigators reaches the soil of the stations in their zones. After each reading an
 * irrigator publishes, its per-zone water since the last one is turned into millimetres on the
 * linked stations' soil (m³ / area). A zone may water several stations; a station may sit in
 * several zones.
 */
export class ZoneLinks {
  private readonly links: ZoneLink[] = [];
  private readonly listening = new Set<VirtualDevice>();

  link(irrigator: VirtualDevice, zone: number, soil: VirtualDevice, areaM2 = DEFAULT_ZONE_AREA_M2): void {
    if (!Number.isInteger(zone) || zone < 1) throw new RangeError('link: zone must be a whole number from 1');
    if (!(areaM2 > 0)) throw new RangeError('link: areaM2 must be greater than 0');
    if (soil.deviceClass !== 'soilStation') throw new TypeError(`link: ${soil.serial} is not a soil station`);
    this.links.push({ irrigator, zone, soil, areaM2 });
    if (this.listening.has(irrigator)) return;
    this.listening.add(irrigator);
    irrigator.on('published', () => this.flush(irrigator));
  }

  /** Moves the irrigator's water since the last flush onto the linked soil (also callable directly). */
  flush(irrigator: VirtualDevice): void {
    const water = irrigator.takeZoneWater();
    for (const l of this.links) {
      const m3 = water[l.zone];
      if (l.irrigator === irrigator && m3 > 0) l.soil.irrigate((m3 / l.areaM2) * 1000);
    }
  }
}
