import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnFfmpeg, stopFfmpeg } from '../modules/video/ffmpeg';

/**
 * One simulated camera's picture: a generated 960x540 scene (test pattern, a moving box) seen through a
 * 480x270 window, with the camera's name and a clock. Pan moves the window, so a PTZ command really changes
 * what the camera shows. Real H.264 (ultrafast, 10 fps, low resolution), made only while someone fetches it.
 */
export const SCENE = { width: 960, height: 540, viewW: 480, viewH: 270, fps: 10 } as const;
/** Window speed in scene pixels per second for EZVIZ speeds 0, 1, 2. */
const SPEEDS = [60, 120, 240];

export interface SceneOptions {
  ffmpeg: string;
  font: string;
  /** Where the HLS playlist and segments are written (emptied at start). */
  dir: string;
  name: string;
  /** The zone of the clock drawn on the picture, as a camera's on-screen clock is set to the site's. */
  timeZone?: string;
}

export type PanDirection = 'up' | 'down' | 'left' | 'right';

export class Scene {
  private proc: ChildProcess | null = null;
  private startedAt = 0;
  private x = (SCENE.width - SCENE.viewW) / 2;
  private y = (SCENE.height - SCENE.viewH) / 2;
  private moving: { dx: number; dy: number; since: number } | null = null;

  constructor(private readonly opts: SceneOptions) {}

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null;
  }

  /** The filter chain for the window at (x, y) (expressions allowed), shared by the stream and captures. */
  private filter(x: string, y: string): string {
    const nameFile = join(this.opts.dir, 'name.txt');
    const font = this.opts.font.replace(/[:\\']/g, (c) => `\\${c}`);
    const label = `fontfile='${font}':fontcolor=white:fontsize=18:box=1:boxcolor=black@0.55:boxborderw=4`;
    return [
      `drawbox=x='mod(t*90,iw-80)':y='ih/2+120*sin(t)':w=80:h=80:color=yellow@0.9:t=fill`,
      `crop=${SCENE.viewW}:${SCENE.viewH}:${x}:${y}`,
      `drawtext=${label}:textfile='${nameFile.replace(/[:\\']/g, (c) => `\\${c}`)}':x=8:y=8`,
      `drawtext=${label}:text='%{localtime\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}':x=8:y=h-th-10`,
    ].join(',');
  }

  private prepare(): void {
    mkdirSync(this.opts.dir, { recursive: true });
    writeFileSync(join(this.opts.dir, 'name.txt'), this.opts.name);
  }

  private input(): string[] {
    return ['-re', '-f', 'lavfi', '-i', `testsrc2=size=${SCENE.width}x${SCENE.height}:rate=${SCENE.fps}`];
  }

  /** Starts writing `index.m3u8` (1 s segments, the last 8 kept). */
  start(): void {
    if (this.running) return;
    rmSync(this.opts.dir, { recursive: true, force: true });
    this.prepare();
    this.settle();
    // biome-ignore format: one option per line reads better
    this.proc = spawnFfmpeg(this.opts.ffmpeg, [
      ...this.encodeArgs(),
      // 1 s segments: a viewer's first frame comes quickly.
      '-f', 'hls', '-hls_time', '1', '-hls_list_size', '8', '-hls_flags', 'delete_segments+independent_segments',
      join(this.opts.dir, 'index.m3u8'),
    ], true, this.env());
    this.startedAt = Date.now();
    this.moving = null;
  }

  /** The picture as H.264 (input, window, encoder); the caller adds the output. */
  private encodeArgs(): string[] {
    // biome-ignore format: one option per line reads better
    return [
      ...this.input(),
      '-vf', this.filter(String(Math.round(this.x)), String(Math.round(this.y))),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      // A key frame every half second: a viewer joining mid-stream gets a picture quickly.
      '-g', String(SCENE.fps / 2), '-keyint_min', String(SCENE.fps / 2), '-sc_threshold', '0',
    ];
  }

  /**
   * ffmpeg's arguments to push this picture to an RTSP server (ANNOUNCE/RECORD over TCP): the demo's RTSP
   * camera, published only while someone plays it. The window stays where it is (no PTZ on that path).
   */
  rtspPublishArgs(url: string): string[] {
    this.prepare();
    this.settle();
    return ['-hide_banner', '-loglevel', 'error', ...this.encodeArgs(), '-f', 'rtsp', '-rtsp_transport', 'tcp', url];
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (p) await stopFfmpeg(p);
  }

  /** Where the window is now, the running move included. */
  private settle(): void {
    if (!this.moving) return;
    const s = (Date.now() - this.moving.since) / 1000;
    this.x = clamp(this.x + this.moving.dx * s, 0, SCENE.width - SCENE.viewW);
    this.y = clamp(this.y + this.moving.dy * s, 0, SCENE.height - SCENE.viewH);
    this.moving.since = Date.now();
  }

  /** Starts moving the window until `panStop`; the running ffmpeg follows through a filter command. */
  panStart(direction: PanDirection, speed: number): void {
    this.settle();
    const v = SPEEDS[clamp(Math.round(speed), 0, 2)] ?? SPEEDS[1];
    const dx = direction === 'left' ? -v : direction === 'right' ? v : 0;
    const dy = direction === 'up' ? -v : direction === 'down' ? v : 0;
    this.moving = { dx, dy, since: Date.now() };
    // The stream's clock `t` runs with the wall clock (-re), so the move is an expression of t.
    const t0 = ((Date.now() - this.startedAt) / 1000).toFixed(2);
    this.command('x', `clip(${this.x.toFixed(1)}+${dx}*(t-${t0}),0,${SCENE.width - SCENE.viewW})`);
    this.command('y', `clip(${this.y.toFixed(1)}+${dy}*(t-${t0}),0,${SCENE.height - SCENE.viewH})`);
  }

  panStop(): void {
    this.settle();
    this.moving = null;
    this.command('x', this.x.toFixed(1));
    this.command('y', this.y.toFixed(1));
  }

  /** ffmpeg's interactive `c` command: send a command to the first crop filter. */
  private command(what: 'x' | 'y', value: string): void {
    if (this.running && this.proc?.stdin?.writable) this.proc.stdin.write(`ccrop -1 ${what} ${value}\n`);
  }

  /** One JPEG of what the camera shows now (without starting the stream). */
  /** ffmpeg's environment: its `localtime` reads TZ. */
  env(): NodeJS.ProcessEnv | undefined {
    return this.opts.timeZone ? { ...process.env, TZ: this.opts.timeZone } : undefined;
  }

  captureArgs(): string[] {
    this.prepare();
    this.settle();
    // biome-ignore format: one option per line reads better
    return [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', `testsrc2=size=${SCENE.width}x${SCENE.height}:rate=${SCENE.fps}`,
      '-ss', String(((Date.now() / 1000) % 60).toFixed(1)),
      '-vf', this.filter(String(Math.round(this.x)), String(Math.round(this.y))),
      '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1',
    ];
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
