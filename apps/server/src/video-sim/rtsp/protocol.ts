/**
 * RTSP 1.0 (RFC 2326) on the wire, as far as the simulator needs it: requests (a request line, headers, an
 * optional body sized by Content-Length) and `$`-framed interleaved packets (RFC 2326 §10.12: `$`, a channel
 * byte, a 16-bit length, the RTP or RTCP packet) mixed on one TCP connection.
 */
export interface RtspRequest {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Map<string, string>;
  body: Buffer;
}

export type RtspIncoming = { kind: 'request'; request: RtspRequest } | { kind: 'frame'; channel: number; data: Buffer };

/** A request head larger than this is not from ffmpeg: the connection is dropped. */
const MAX_HEAD = 16 * 1024;
/** SDP bodies are a few hundred bytes. */
const MAX_BODY = 64 * 1024;
const DOLLAR = 0x24;

export class RtspProtocolError extends Error {}

/** Splits a connection's bytes into requests and interleaved frames, keeping what is not complete yet. */
export class RtspReader {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): RtspIncoming[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: RtspIncoming[] = [];
    for (;;) {
      const next = this.take();
      if (!next) return out;
      out.push(next);
    }
  }

  private take(): RtspIncoming | null {
    if (this.buf.length === 0) return null;
    if (this.buf[0] === DOLLAR) {
      if (this.buf.length < 4) return null;
      const size = this.buf.readUInt16BE(2);
      if (this.buf.length < 4 + size) return null;
      const frame: RtspIncoming = {
        kind: 'frame',
        channel: this.buf[1] as number,
        data: this.buf.subarray(4, 4 + size),
      };
      this.buf = this.buf.subarray(4 + size);
      return frame;
    }
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) {
      if (this.buf.length > MAX_HEAD) throw new RtspProtocolError('request head too large');
      return null;
    }
    const lines = this.buf.subarray(0, end).toString('utf8').split('\r\n');
    const [method, url, version] = (lines[0] ?? '').split(' ');
    if (!method || !url || !version?.startsWith('RTSP/')) throw new RtspProtocolError('not an RTSP request');
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const length = Number(headers.get('content-length') ?? '0');
    if (!Number.isInteger(length) || length < 0 || length > MAX_BODY) throw new RtspProtocolError('bad body length');
    if (this.buf.length < end + 4 + length) return null;
    const body = this.buf.subarray(end + 4, end + 4 + length);
    this.buf = this.buf.subarray(end + 4 + length);
    return { kind: 'request', request: { method, url, headers, body } };
  }
}

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  454: 'Session Not Found',
  455: 'Method Not Valid in This State',
  461: 'Unsupported Transport',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** A response; the CSeq of the request is echoed, as every RTSP client matches answers by it. */
export function rtspResponse(status: number, cseq: string, headers: Record<string, string> = {}, body = ''): Buffer {
  const head = [`RTSP/1.0 ${status} ${REASONS[status] ?? 'Error'}`, `CSeq: ${cseq}`, 'Server: FarmPark RTSP simulator'];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  if (body) head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

/** One interleaved packet for a channel. */
export function rtspFrame(channel: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = DOLLAR;
  head[1] = channel;
  head.writeUInt16BE(data.length, 2);
  return Buffer.concat([head, data]);
}

/**
 * The interleaved channels a SETUP asks for (`RTP/AVP/TCP;unicast;interleaved=0-1`), or null when it asks
 * only for UDP (the Transport header may list alternatives separated by commas).
 */
export function interleavedChannels(transport: string): { rtp: number; rtcp: number } | null {
  for (const spec of transport.split(',')) {
    const parts = spec.split(';').map((p) => p.trim());
    if (parts[0]?.toUpperCase() !== 'RTP/AVP/TCP') continue;
    const m = /^interleaved=(\d+)(?:-(\d+))?$/.exec(parts.find((p) => p.startsWith('interleaved=')) ?? '');
    if (!m) continue;
    const rtp = Number(m[1]);
    const rtcp = m[2] === undefined ? rtp + 1 : Number(m[2]);
    if (rtp > 255 || rtcp > 255) continue;
    return { rtp, rtcp };
  }
  return null;
}

/** The control names of an SDP's media sections, in order (`a=control:streamid=0` from ffmpeg). */
export function sdpTrackControls(sdp: string): string[] {
  const controls: string[] = [];
  let inMedia = false;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) {
      inMedia = true;
      controls.push(`trackID=${controls.length}`);
    } else if (inMedia && line.startsWith('a=control:')) controls[controls.length - 1] = line.slice(10).trim();
  }
  return controls;
}

/** The path of an RTSP URL without its leading and trailing slashes ('' when it is not a URL). */
export function rtspPath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    return '';
  }
}
