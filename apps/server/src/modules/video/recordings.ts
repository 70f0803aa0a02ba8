import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingRange } from '@farmpark/contracts';

/**
 * Recorded segments: the live ffmpeg names each 2 s segment `<epoch seconds>_<index>.ts` and never deletes
 * it, so what was streamed is what is recorded (docs/VIDEO.md: the demo records only while watched). A run
 * of segments without a gap is a range; a range plays as an HLS VOD playlist.
 */
export const SEGMENT_SECONDS = 2;
/** A gap longer than this between segment starts ends a range. */
const GAP_S = SEGMENT_SECONDS * 3;
const SEGMENT = /^(\d{9,11})_(\d+)\.ts$/;

/** A segment file's start (epoch seconds), or null for any other name. */
export function segmentStart(file: string): number | null {
  const m = SEGMENT.exec(file);
  return m ? Number(m[1]) : null;
}

interface Segment {
  file: string;
  start: number;
  index: number;
}

function segments(dir: string): Segment[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: Segment[] = [];
  for (const file of names) {
    const m = SEGMENT.exec(file);
    if (m) out.push({ file, start: Number(m[1]), index: Number(m[2]) });
  }
  return out.sort((a, b) => a.start - b.start || a.index - b.index);
}

/** Segments overlapping [from, to] (epoch ms) with their durations. */
function window(dir: string, from: number, to: number): { seg: Segment; seconds: number }[] {
  const all = segments(dir);
  const out: { seg: Segment; seconds: number }[] = [];
  for (let i = 0; i < all.length; i++) {
    const seg = all[i] as Segment;
    const next = all[i + 1];
    const gap = next ? next.start - seg.start : Number.POSITIVE_INFINITY;
    // The last segment of a run (or one still being written) counts as a full segment.
    const seconds = gap <= GAP_S ? Math.max(gap, 0.5) : SEGMENT_SECONDS;
    if (seg.start * 1000 + seconds * 1000 < from || seg.start * 1000 > to) continue;
    out.push({ seg, seconds });
  }
  return out;
}

export function recordingRanges(dir: string, from: number, to: number): RecordingRange[] {
  const ranges: RecordingRange[] = [];
  for (const { seg, seconds } of window(dir, from, to)) {
    const start = seg.start * 1000;
    const last = ranges[ranges.length - 1];
    if (last && start - last.to <= GAP_S * 1000) last.to = start + seconds * 1000;
    else ranges.push({ from: start, to: start + seconds * 1000 });
  }
  return ranges;
}

/** An HLS VOD playlist of the range; `query` (the signed token) goes on every segment URI. */
export function vodPlaylist(dir: string, from: number, to: number, query: string): string | null {
  const parts = window(dir, from, to);
  if (parts.length === 0) return null;
  const target = Math.ceil(Math.max(...parts.map((p) => p.seconds)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0'];
  lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  let prevEnd = 0;
  for (const { seg, seconds } of parts) {
    if (prevEnd && seg.start - prevEnd > 1) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${seconds.toFixed(3)},`, `${seg.file}?${query}`);
    prevEnd = seg.start + seconds;
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Deletes segments older than `days` (0 = keep nothing once the stream stops using it). */
export function pruneRecordings(root: string, days: number, now = Date.now()): number {
  let removed = 0;
  const before = now / 1000 - days * 86_400;
  let cams: string[];
  try {
    cams = readdirSync(root);
  } catch {
    return 0;
  }
  for (const cam of cams) {
    const dir = join(root, cam);
    if (!statSync(dir).isDirectory()) continue;
    for (const seg of segments(dir))
      if (seg.start < before - SEGMENT_SECONDS) {
        rmSync(join(dir, seg.file), { force: true });
        removed++;
      }
  }
  return removed;
}
