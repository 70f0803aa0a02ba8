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

/**
 * One recorded piece of a camera: a segment of the live stream (`<s>_<n>.ts`, kept while watched) or of the
 * recorder (`r<s>.ts`, around the clock, from the index). Epoch ms.
 */
export interface Piece {
  file: string;
  start: number;
  end: number;
  /** A recorder's file (each starts its own timestamps: a discontinuity before it in a playlist). */
  recorder: boolean;
}

/**
 * The pieces overlapping [from, to], oldest first: the recorder's (indexed) and the live stream's segments
 * where the recorder has none (a camera watched before it was set to record, or recorded both ways).
 */
export function piecesIn(
  liveDir: string,
  recorded: readonly Omit<Piece, 'recorder'>[],
  from: number,
  to: number,
): Piece[] {
  const rec = recorded.map((r) => ({ ...r, recorder: true }));
  const covered = (start: number, end: number) => rec.some((r) => start >= r.start - 1000 && end <= r.end + 1000);
  const live = window(liveDir, from, to)
    .map(({ seg, seconds }) => ({
      file: seg.file,
      start: seg.start * 1000,
      end: (seg.start + seconds) * 1000,
      recorder: false,
    }))
    .filter((p) => !covered(p.start, p.end));
  return [...rec, ...live].sort((a, b) => a.start - b.start);
}

/** Runs of pieces without a gap (at most 6 s between them) as ranges. */
export function rangesOf(pieces: readonly Piece[]): RecordingRange[] {
  const ranges: RecordingRange[] = [];
  for (const p of pieces) {
    const last = ranges[ranges.length - 1];
    if (last && p.start - last.to <= GAP_S * 1000) last.to = Math.max(last.to, p.end);
    else ranges.push({ from: p.start, to: p.end });
  }
  return ranges;
}

export function recordingRanges(dir: string, from: number, to: number): RecordingRange[] {
  return rangesOf(piecesIn(dir, [], from, to));
}

/** An HLS VOD playlist of the pieces; `query` (the signed token) goes on every segment URI. */
export function piecesPlaylist(parts: readonly Piece[], query: string): string | null {
  if (parts.length === 0) return null;
  const seconds = (p: Piece) => Math.max(0.5, (p.end - p.start) / 1000);
  const target = Math.ceil(Math.max(...parts.map(seconds)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0'];
  lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  let prevEnd = 0;
  for (const p of parts) {
    if (prevEnd && (p.recorder || p.start - prevEnd > 1000)) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${seconds(p).toFixed(3)},`, `${p.file}?${query}`);
    prevEnd = p.end;
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** An HLS VOD playlist of the live stream's kept segments in the range. */
export function vodPlaylist(dir: string, from: number, to: number, query: string): string | null {
  return piecesPlaylist(piecesIn(dir, [], from, to), query);
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
