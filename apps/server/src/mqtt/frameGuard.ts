import { Duplex } from 'node:stream';

/** What one MQTT connection may make the broker hold. Documented for device makers in docs/DEVICES.md. */
export interface MqttLimits {
  /** The first packet (CONNECT, will included): read before anyone is authenticated. */
  connectMaxBytes: number;
  /** Any later packet (a publish's topic and payload). Pictures go over HTTP, not MQTT. */
  packetMaxBytes: number;
  /** A connection must have sent its whole CONNECT by then (Aedes `connectTimeout`). */
  connectTimeoutMs: number;
  /** A packet once begun must be complete by then, so a slow sender cannot hold a half packet for ever. */
  packetTimeoutMs: number;
}

export const MQTT_LIMITS: MqttLimits = {
  connectMaxBytes: 4 * 1024,
  packetMaxBytes: 256 * 1024,
  connectTimeoutMs: 10_000,
  packetTimeoutMs: 60_000,
};

const CONNECT = 1;

/**
 * Follows MQTT framing byte by byte (type, remaining length, body) without buffering anything, so the
 * size a packet declares is judged before the parser (mqtt-packet) starts collecting up to 256 MB for it.
 */
export class FrameReader {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private remaining = 0;
  /** Packets begun so far (the current one included). */
  started = 0;

  constructor(private readonly limits: Pick<MqttLimits, 'connectMaxBytes' | 'packetMaxBytes'>) {}

  get midPacket(): boolean {
    return this.state !== 'type';
  }

  /** Reads a chunk; returns why the connection must be closed, or null. */
  read(chunk: Buffer): string | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'type') {
        if (this.started === 0 && chunk[i] >> 4 !== CONNECT) return 'the first packet is not a CONNECT';
        this.started++;
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        i++;
      } else if (this.state === 'length') {
        const b = chunk[i++];
        this.length += (b & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.lengthBytes++;
        // Later length bytes only add: an over-limit value is refused as soon as it shows.
        const limit = this.started === 1 ? this.limits.connectMaxBytes : this.limits.packetMaxBytes;
        if (this.length > limit) return `a packet of ${this.length}+ bytes exceeds the limit of ${limit}`;
        if (b & 0x80) {
          if (this.lengthBytes === 4) return 'malformed remaining length';
          continue;
        }
        this.remaining = this.length;
        this.state = this.remaining === 0 ? 'type' : 'body';
      } else {
        const take = Math.min(this.remaining, chunk.length - i);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'type';
      }
    }
    return null;
  }
}

/**
 * The connection Aedes sees: bytes pass through unchanged, but a packet over the limits, or one left
 * unfinished past `packetTimeoutMs`, destroys the underlying socket or WebSocket stream at once.
 */
export class GuardedConnection extends Duplex {
  private readonly frames: FrameReader;
  private timer: NodeJS.Timeout | null = null;
  private timedPacket = 0;
  private corked = false;

  constructor(
    private readonly inner: Duplex,
    private readonly limits: MqttLimits,
    private readonly onRefuse: (reason: string) => void = () => {},
  ) {
    super({ allowHalfOpen: false });
    this.frames = new FrameReader(limits);
    inner.on('data', (chunk: Buffer) => this.receive(chunk));
    inner.on('end', () => this.push(null));
    inner.on('error', (err) => this.destroy(err));
    inner.on('close', () => this.destroy());
  }

  private receive(chunk: Buffer): void {
    if (this.destroyed) return;
    const problem = this.frames.read(chunk);
    if (problem) {
      this.refuse(problem);
      return;
    }
    if (!this.frames.midPacket) this.clearTimer();
    else if (this.timedPacket !== this.frames.started) {
      this.clearTimer();
      this.timedPacket = this.frames.started;
      this.timer = setTimeout(() => this.refuse('a packet was not completed in time'), this.limits.packetTimeoutMs);
      this.timer.unref();
    }
    if (!this.push(chunk)) this.inner.pause();
  }

  private refuse(reason: string): void {
    this.onRefuse(reason);
    this.destroy(new Error(reason));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timedPacket = 0;
  }

  override _read(): void {
    this.inner.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.corkForThisTick();
    if (this.inner.write(chunk, encoding)) done();
    else this.inner.once('drain', () => done());
  }

  /**
   * A committed ingest batch acknowledges hundreds of a client's publishes in one go; holding the
   * socket until the tick ends sends them in one write instead of one system call per PUBACK.
   */
  private corkForThisTick(): void {
    if (this.corked) return;
    this.corked = true;
    this.inner.cork();
    process.nextTick(() => {
      this.corked = false;
      this.inner.uncork();
    });
  }

  // Aedes corks around each packet it writes: one write to the socket for header and payload.
  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this._write(Buffer.concat(chunks.map((c) => c.chunk)), 'binary', done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.inner.end(() => done());
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.clearTimer();
    this.inner.destroy();
    done(err);
  }
}
