import { connect, type Socket } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';

/** MQTT's "remaining length" of a fixed header: 7 bits a byte, the high bit saying another byte follows. */
export function remainingLength(length: number): number[] {
  const bytes: number[] = [];
  let x = length;
  do {
    let b = x % 128;
    x = Math.floor(x / 128);
    if (x > 0) b |= 128;
    bytes.push(b);
  } while (x > 0);
  return bytes;
}

/**
 * A minimal MQTT 3.1.1 device over TCP for load and durability tests: PUBLISH frames are encoded by
 * hand (the load generator must cost far less CPU than the server it measures) and every PUBACK is
 * matched to its publish, so a test knows exactly which messages the server acknowledged.
 */
export class RawDevice {
  private pending = new Map<number, { t0: number; resolve: (ms: number) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  closed = false;

  private constructor(
    private readonly socket: Socket,
    readonly serial: string,
  ) {}

  static connect(host: string, port: number, serial: string, secret: string): Promise<RawDevice> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, noDelay: true });
      const dev = new RawDevice(socket, serial);
      const parser = mqttPacket.parser();
      socket.once('error', reject);
      socket.on('connect', () => {
        socket.write(
          mqttPacket.generate({
            cmd: 'connect',
            protocolId: 'MQTT',
            protocolVersion: 4,
            clientId: `${serial}-${process.pid}-${Math.floor(Math.random() * 1e9)}`,
            clean: true,
            keepalive: 300,
            username: serial,
            password: Buffer.from(secret),
          }),
        );
      });
      socket.on('data', (b) => parser.parse(b));
      parser.on('packet', (p: Packet) => {
        if (p.cmd === 'connack') {
          if (p.returnCode !== 0) reject(new Error(`${serial}: CONNACK ${p.returnCode}`));
          else resolve(dev);
        } else if (p.cmd === 'puback' && p.messageId !== undefined) {
          const w = dev.pending.get(p.messageId);
          if (w) {
            dev.pending.delete(p.messageId);
            w.resolve(performance.now() - w.t0);
          }
        }
      });
      socket.on('close', () => {
        dev.closed = true;
        for (const w of dev.pending.values()) w.reject(new Error(`${serial}: connection closed`));
        dev.pending.clear();
        reject(new Error(`${serial}: connection closed before CONNACK`));
      });
      socket.on('error', () => {});
    });
  }

  get inflight(): number {
    return this.pending.size;
  }

  /** QoS 1 publish; resolves with the milliseconds until its PUBACK. */
  publish(topic: string, payload: Buffer): Promise<number> {
    do this.nextId = this.nextId >= 65535 ? 1 : this.nextId + 1;
    while (this.pending.has(this.nextId));
    const id = this.nextId;
    const topicLen = Buffer.byteLength(topic);
    const remaining = 2 + topicLen + 2 + payload.length;
    const lenBytes = remainingLength(remaining);
    const head = Buffer.allocUnsafe(1 + lenBytes.length + 2 + topicLen + 2);
    let o = 0;
    head[o++] = 0x32;
    for (const b of lenBytes) head[o++] = b;
    head.writeUInt16BE(topicLen, o);
    o += 2;
    o += head.write(topic, o);
    head.writeUInt16BE(id, o);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { t0: performance.now(), resolve, reject });
      this.socket.write(Buffer.concat([head, payload]));
    });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((r) => {
      this.socket.once('close', () => r());
      this.socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}
