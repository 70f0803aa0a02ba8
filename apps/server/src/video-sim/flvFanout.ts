import type { ServerResponse } from 'node:http';

/**
 * A simulated camera's live HTTP-FLV (EZVIZ's protocol 4): the scene's ffmpeg writes FLV to its stdout once,
 * and every player gets it as it comes. A player joining late gets the stream's head (the FLV header, the
 * metadata and the H.264 sequence header) and the tags since the last key frame, so it decodes at once.
 * FLV tags: 11 bytes of header (type, data size, timestamp, stream id), the data, 4 bytes of the tag's size.
 */
const FILE_HEADER = 13; // "FLV", version, flags, header size, then the first previous-tag-size
const TAG_HEADER = 11;
const VIDEO = 9;
/** A player this far behind (bytes unsent) is dropped, as the RTSP simulator does. */
const BEHIND_BYTES = 4_000_000;

export class FlvFanout {
  private pending: Buffer = Buffer.alloc(0);
  private head: Buffer[] = [];
  private headDone = false;
  private gop: Buffer[] = [];
  private readonly players = new Set<ServerResponse>();

  /** Takes the next chunk of ffmpeg's FLV output. */
  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    if (this.head.length === 0) {
      if (this.pending.length < FILE_HEADER) return;
      this.head.push(Buffer.from(this.pending.subarray(0, FILE_HEADER)));
      this.pending = this.pending.subarray(FILE_HEADER);
    }
    while (this.pending.length >= TAG_HEADER) {
      const size = TAG_HEADER + this.pending.readUIntBE(1, 3) + 4;
      if (this.pending.length < size) return;
      const tag = Buffer.from(this.pending.subarray(0, size));
      this.pending = this.pending.subarray(size);
      this.take(tag);
    }
  }

  private take(tag: Buffer): void {
    const type = tag[0] as number;
    const first = tag[TAG_HEADER] as number;
    const video = type === VIDEO && tag.length > TAG_HEADER + 1;
    const sequenceHeader = video && tag[TAG_HEADER + 1] === 0;
    const key = video && first >> 4 === 1 && !sequenceHeader;
    if (!this.headDone && (type !== VIDEO || sequenceHeader)) {
      // metadata and the sequence header open every player's stream
      this.head.push(tag);
      return;
    }
    if (!this.headDone) {
      // players that came before the stream's head was complete get it now
      this.headDone = true;
      for (const res of this.players) for (const b of this.head) this.write(res, b);
    }
    if (key) this.gop = [];
    if (this.gop.length === 0 && !key) return;
    this.gop.push(tag);
    for (const res of this.players) this.write(res, tag);
  }

  private write(res: ServerResponse, data: Buffer): void {
    if (res.writableLength > BEHIND_BYTES) {
      res.destroy();
      return;
    }
    res.write(data);
  }

  /** Streams to a player until it goes (or the scene stops). */
  attach(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-cache' });
    if (this.headDone) for (const b of [...this.head, ...this.gop]) res.write(b);
    this.players.add(res);
    res.on('close', () => this.players.delete(res));
  }

  /** Players watching now (the simulator keeps the scene running while there are any). */
  get watching(): number {
    return this.players.size;
  }

  /** The scene stopped: players are disconnected, the next start begins a new stream. */
  reset(): void {
    for (const res of this.players) res.end();
    this.players.clear();
    this.pending = Buffer.alloc(0);
    this.head = [];
    this.headDone = false;
    this.gop = [];
  }
}
