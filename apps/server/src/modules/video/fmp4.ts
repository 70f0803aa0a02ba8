/**
 * Fragmented MP4 as ffmpeg writes it to a pipe (`-f mp4 -movflags frag_keyframe+empty_moov+default_base_moof`):
 * `ftyp` + `moov` (the init segment a Media Source needs first), then `moof` + `mdat` pairs (fragments). The
 * splitter cuts the byte stream at box boundaries, whatever the pipe's chunks, and says which fragments start
 * with a key frame (a late viewer starts at one).
 */
export type Fmp4Part = { kind: 'init'; data: Buffer; codec: string } | { kind: 'fragment'; data: Buffer; key: boolean };

/** A box header at `at`: its size (header included) and type; null when the header is not all there. */
function header(buf: Buffer, at: number): { size: number; type: string; head: number } | null {
  if (buf.length - at < 8) return null;
  const small = buf.readUInt32BE(at);
  const type = buf.toString('latin1', at + 4, at + 8);
  if (small === 1) {
    if (buf.length - at < 16) return null;
    return { size: Number(buf.readBigUInt64BE(at + 8)), type, head: 16 };
  }
  // size 0 (to the end of the file) never comes from a live muxer; read it as a header-only box
  return { size: small === 0 ? 8 : small, type, head: 8 };
}

/** The boxes directly inside `buf` (a box's body), as [type, body]. */
function children(buf: Buffer): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  let at = 0;
  for (let h = header(buf, at); h && h.size >= h.head && at + h.size <= buf.length; h = header(buf, at)) {
    out.push([h.type, buf.subarray(at + h.head, at + h.size)]);
    at += h.size;
  }
  return out;
}

/** The body of the first box along a path of types (`moov`, `trak`, ...), or null. */
export function findBox(buf: Buffer, path: string[]): Buffer | null {
  let body: Buffer | null = buf;
  for (const type of path) {
    body = children(body).find(([t]) => t === type)?.[1] ?? null;
    if (!body) return null;
  }
  return body;
}

/** The MSE codec string of an init segment's H.264 track (`avc1.PPCCLL` from its avcC), else Baseline 3.0. */
export function codecOf(init: Buffer): string {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) return 'avc1.42E01E';
  const hex = (b: number) => b.toString(16).padStart(2, '0').toUpperCase();
  return `avc1.${hex(init[at + 5] as number)}${hex(init[at + 6] as number)}${hex(init[at + 7] as number)}`;
}

/** A sample's flags say "not a sync sample" (ISO 14496-12 §8.8.3.1). */
const NON_SYNC = 0x10000;

/** trex's default sample flags from the init segment (used when a fragment does not say), or 0. */
export function defaultFlagsOf(init: Buffer): number {
  const trex = findBox(init, ['moov', 'mvex', 'trex']);
  return trex && trex.length >= 24 ? trex.readUInt32BE(20) : 0;
}

/** Whether a fragment (moof + mdat) starts with a key frame: its first sample's flags, as trun or tfhd give them. */
export function startsWithKey(fragment: Buffer, trexFlags: number): boolean {
  const traf = findBox(fragment, ['moof', 'traf']);
  if (!traf) return false;
  let flags = trexFlags;
  const tfhd = findBox(traf, ['tfhd']);
  if (tfhd) {
    const f = tfhd.readUInt32BE(0) & 0xffffff;
    let at = 8; // version+flags, track_ID
    for (const bit of [0x1, 0x2, 0x8, 0x10]) if (f & bit) at += bit === 0x1 ? 8 : 4;
    if (f & 0x20) flags = tfhd.readUInt32BE(at);
  }
  const trun = findBox(traf, ['trun']);
  if (trun) {
    const f = trun.readUInt32BE(0) & 0xffffff;
    let at = 8; // version+flags, sample_count
    if (f & 0x1) at += 4;
    if (f & 0x4) flags = trun.readUInt32BE(at);
    else if (f & 0x400) {
      // per-sample fields of the first sample, in order: duration, size, flags
      const first = at + (f & 0x100 ? 4 : 0) + (f & 0x200 ? 4 : 0);
      flags = trun.readUInt32BE(first);
    }
  }
  return (flags & NON_SYNC) === 0;
}

/** Cuts an fMP4 byte stream into its init segment and fragments. */
export class Fmp4Splitter {
  private pending: Buffer = Buffer.alloc(0);
  /** Boxes read but not yet handed on: the init's (ftyp, moov) or a fragment's moof. */
  private held: Buffer[] = [];
  private trexFlags = 0;
  private initDone = false;

  /** Feeds a chunk of the stream; answers the parts it completed. */
  push(chunk: Buffer): Fmp4Part[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: Fmp4Part[] = [];
    for (;;) {
      const h = header(this.pending, 0);
      if (!h || this.pending.length < h.size) break;
      const box = this.pending.subarray(0, h.size);
      this.pending = this.pending.subarray(h.size);
      this.take(h.type, Buffer.from(box), out);
    }
    return out;
  }

  private take(type: string, box: Buffer, out: Fmp4Part[]): void {
    if (!this.initDone) {
      this.held.push(box);
      if (type !== 'moov') return;
      const data = Buffer.concat(this.held);
      this.held = [];
      this.initDone = true;
      this.trexFlags = defaultFlagsOf(data);
      out.push({ kind: 'init', data, codec: codecOf(data) });
      return;
    }
    if (type === 'moof') this.held = [box];
    else if (type === 'mdat' && this.held.length) {
      const data = Buffer.concat([...this.held, box]);
      this.held = [];
      out.push({ kind: 'fragment', data, key: startsWithKey(data, this.trexFlags) });
    }
    // anything else after the init (styp, sidx, mfra) is no use to a live player
  }
}
