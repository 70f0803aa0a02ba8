import { existsSync, readFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { join } from 'node:path';

/**
 * Approximate place of a scan from the caller's address, without any network service: a small table of
 * IPv4 ranges. Built in: private and loopback ranges ('lan', no position) and the three documentation
 * ranges of RFC 5737 standing for Beijing, Shanghai and Urumqi so tests and the demo can show far-apart
 * scans. An operator adds real ranges in DATA_DIR/ip-places.csv (`cidr,name,lat,lon,region` a line; region a
 * key of contracts SHIPMENT_REGIONS, optional). An address in no range is unknown (''). The address itself is
 * never stored, only the place's name.
 */
export interface Place {
  name: string;
  lat: number | null;
  lon: number | null;
  /** The province-level region the place lies in (a scan there is never diverted from a shipment to it). */
  region: string | null;
}
interface Range extends Place {
  base: number;
  mask: number;
}

const BUILT_IN: [string, string, number | null, number | null, string | null][] = [
  ['10.0.0.0/8', 'lan', null, null, null],
  ['172.16.0.0/12', 'lan', null, null, null],
  ['192.168.0.0/16', 'lan', null, null, null],
  ['127.0.0.0/8', 'lan', null, null, null],
  ['192.0.2.0/24', 'beijing', 39.9, 116.4, 'beijing'],
  ['198.51.100.0/24', 'shanghai', 31.23, 121.47, 'shanghai'],
  ['203.0.113.0/24', 'urumqi', 43.83, 87.62, 'xinjiang'],
];

function ipv4Number(ip: string): number | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv4(v4)) return null;
  return v4.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function range(
  cidr: string,
  name: string,
  lat: number | null,
  lon: number | null,
  region: string | null,
): Range | null {
  const [addr, bits] = cidr.trim().split('/');
  const base = ipv4Number(addr);
  const len = Number(bits ?? 32);
  if (base === null || !Number.isInteger(len) || len < 0 || len > 32) return null;
  const mask = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
  return { base: (base & mask) >>> 0, mask, name: name.trim().slice(0, 60), lat, lon, region };
}

function operatorRanges(dataDir: string): Range[] {
  const file = join(dataDir, 'ip-places.csv');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [cidr, name, lat, lon, region] = l.split(',');
      const num = (v?: string) => (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
      return name ? range(cidr, name, num(lat), num(lon), region?.trim() || null) : null;
    })
    .filter((r): r is Range => r !== null);
}

export interface PlaceBook {
  placeOf(ip: string): Place | null;
  /** A stored place name's position (null when unknown or without one). */
  positionOf(name: string): { lat: number; lon: number } | null;
  /** A stored place name's region key (null when unknown). */
  regionOf(name: string): string | null;
}

/** The ranges, most specific first (an operator's /24 inside a built-in /8 wins). */
export function createPlaceBook(dataDir: string): PlaceBook {
  const builtIn = BUILT_IN.map(([c, n, la, lo, re]) => range(c, n, la, lo, re) as Range);
  const ranges = [...operatorRanges(dataDir), ...builtIn].sort((a, b) => b.mask - a.mask);
  const byName = new Map<string, Place>();
  for (const r of ranges) if (!byName.has(r.name)) byName.set(r.name, r);
  return {
    placeOf(ip) {
      const n = ipv4Number(ip);
      if (n === null) return ip === '::1' ? (byName.get('lan') ?? null) : null;
      return ranges.find((r) => (n & r.mask) >>> 0 === r.base) ?? null;
    },
    positionOf(name) {
      const p = byName.get(name);
      return p && p.lat !== null && p.lon !== null ? { lat: p.lat, lon: p.lon } : null;
    },
    regionOf: (name) => byName.get(name)?.region ?? null,
  };
}

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
