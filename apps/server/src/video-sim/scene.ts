import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchFfmpeg, stopFfmpeg } from '../modules/video/ffmpeg';
import { FlvFanout } from './flvFanout';
import { TIME_CODE } from './timeCode';

/**
 * One simulated camera's picture: a generated 960x540 scene (a still test pattern, a moving box) seen through a
 * window scaled to a 480x270 picture, with the camera's name and a clock. Pan moves the window, zoom
 * shrinks or grows it, so a PTZ command really changes what the camera shows. Real H.264 (ultrafast,
 * 10 fps, low resolution), made only while someone fetches it.
 */
export const SCENE = { width: 960, height: 540, viewW: 480, viewH: 270, fps: 10 } as const;
/**
 * Zoom = scene width / window width: 1 shows the whole scene, the camera starts at 2 (a 480x270 window,
 * one scene pixel per picture pixel), 6 is a 160x90 window (three picture pixels per scene pixel).
 */
export const ZOOM = { min: 1, start: 2, max: 6 } as const;
/** Window speed in scene pixels per second for EZVIZ speeds 0, 1, 2. */
const SPEEDS = [60, 120, 240];
/** Zoom factor per second for EZVIZ speeds 0, 1, 2. */
const ZOOM_RATES = [1.25, 1.5, 2];
/**
 * A running zoom resizes the window by a command this often. ffmpeg reads one interactive command per
 * 100 ms, so a zoom spends at most half of that budget and a pan's commands still pass at once.
 */
const ZOOM_TICK_MS = 200;

export interface SceneOptions {
  ffmpeg: string;
  font: string;
  /** Where the HLS playlist and segments are written (emptied at start). */
  dir: string;
  name: string;
  /** The zone of the clock drawn on the picture, as a camera's on-screen clock is set to the site's. */
  timeZone?: string;
  /**
   * The yellow box crossing the scene (default true). Small (40 px: at most 4 % of the picture at the
   * start zoom), but zoomed in it covers much of the picture and never stands still, so tests comparing
   * pictures at every zoom turn it off; off, the stream and the captures both lack it.
   */
  movingBox?: boolean;
  /**
   * A time code drawn top left (timeCode.ts): the wall clock when the frame was made, in black and white
   * cells a page can read back (the benchmark's latency). Off by default.
   */
  timeCode?: boolean;
}

export type PanDirection = 'up' | 'down' | 'left' | 'right';
export type PtzMove = PanDirection | 'zoomIn' | 'zoomOut';

/** The window's crop: width in scene pixels and the centre (the height follows the width, 16:9). */
interface Window {
  w: number;
  cx: string;
  cy: string;
}

export class Scene {
  private proc: ChildProcess | null = null;
  private startedAt = 0;
  /** The window's centre in scene pixels and the zoom (see ZOOM). */
  private cx = SCENE.width / 2;
  private cy = SCENE.height / 2;
  private zoom: number = ZOOM.start;
  /** The running move: pixels per second (pan) or zoom factor per second (zoom). */
  private moving: { dx: number; dy: number; rate: number; since: number } | null = null;
  private zoomTimer: NodeJS.Timeout | null = null;
  /** The live HTTP-FLV of the running stream (EZVIZ's protocol 4): every player of it. */
  readonly flv = new FlvFanout();

  constructor(private readonly opts: SceneOptions) {}

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null;
  }

  /** The stream's ffmpeg process id (tests check a PTZ move does not restart it). */
  get pid(): number | undefined {
    return this.running ? this.proc?.pid : undefined;
  }

  /**
   * The filter chain for a window, shared by the stream and captures so a snapshot shows what the stream
   * shows. The crop's height is an expression of its width and its corner one of its centre and size, so
   * one `w` command resizes the window about its centre (no frame with a half-changed window), and
   * `clip` keeps it inside the scene. The scale after it keeps the picture 480x270 at every zoom (an
   * HLS stream cannot change size mid-way); the texts come after the scale, the same size at every zoom.
   */
  private filter(win: Window, phase: number): string {
    const nameFile = join(this.opts.dir, 'name.txt');
    const font = this.opts.font.replace(/[:\\']/g, (c) => `\\${c}`);
    const label = `fontfile='${font}':fontcolor=white:fontsize=18:box=1:boxcolor=black@0.55:boxborderw=4`;
    // The box's clock is the wall clock (phase + t), in the stream and in a capture alike.
    const at = `(t+${phase.toFixed(2)})`;
    const box = `drawbox=x='mod(${at}*90,iw-40)':y='ih/2+120*sin(${at})':w=40:h=40:color=yellow@0.9:t=fill`;
    return [
      ...(this.opts.movingBox === false ? [] : [box]),
      `crop=w=${win.w}:h=ow*9/16:x='${centred(win.cx, 'ow', 'iw')}':y='${centred(win.cy, 'oh', 'ih')}'`,
      // `null` between them: a resized crop rewrites its output link, which is the next filter's input, so
      // a scale right after it would see no change, pass the small frame on and lose the clock off its foot.
      `null,scale=${SCENE.viewW}:${SCENE.viewH},setsar=1`,
      // The name bottom right, as cameras put their channel name: a console draws its tile's title top left.
      `drawtext=${label}:textfile='${nameFile.replace(/[:\\']/g, (c) => `\\${c}`)}':x=w-tw-8:y=h-th-10`,
      `drawtext=${label}:text='%{localtime\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}':x=8:y=h-th-10`,
      ...(this.opts.timeCode ? [timeCodeFilter()] : []),
    ].join(',');
  }

  private prepare(): void {
    mkdirSync(this.opts.dir, { recursive: true });
    writeFileSync(join(this.opts.dir, 'name.txt'), this.opts.name);
  }

  /** The still backdrop repeated at the frame rate, in real time. */
  private input(): string[] {
    return ['-re', '-loop', '1', '-framerate', String(SCENE.fps), '-i', backdrop(this.opts.ffmpeg)];
  }

  /** Starts writing `index.m3u8` (1 s segments, the last 8 kept) and the live FLV (`flv`), one encode for both. */
  start(): void {
    if (this.running) return;
    rmSync(this.opts.dir, { recursive: true, force: true });
    this.prepare();
    this.settle();
    this.startedAt = Date.now();
    this.flv.reset();
    // 1 s segments: a viewer's first frame comes quickly. Playlist and segments are written under a temporary
    // name and renamed (temp_file): the simulator serves a file once it exists, and a reader that opened it
    // while ffmpeg wrote it in place got an empty playlist (ci25, under heavy load: "not a video stream").
    const hls = `[f=hls:hls_time=1:hls_list_size=8:hls_flags=delete_segments+independent_segments+temp_file]`;
    const playlist = join(this.opts.dir, 'index.m3u8').replace(/[\\|[\]:]/g, (c) => `\\${c}`);
    // biome-ignore format: one option per line reads better
    const proc = launchFfmpeg(this.opts.ffmpeg, [
      ...this.encodeArgs(this.startedAt),
      // FLV wants the sequence header out of band; HLS's MPEG-TS puts it before each key frame anyway
      '-flags', '+global_header', '-map', '0:v', '-f', 'tee', `${hls}${playlist}|[f=flv]pipe:1`,
    ], { stdin: true, stdout: true, env: this.env() });
    // read always: a full pipe would stall the HLS beside it
    proc.stdout?.on('data', (c: Buffer) => this.flv.push(c));
    proc.once('close', () => {
      // not when a new stream already runs
      if (this.proc === proc || this.proc === null) this.flv.reset();
    });
    this.proc = proc;
    this.moving = null;
    this.stopZoomTimer();
  }

  /** The picture as H.264 (input, window, encoder); the caller adds the output. */
  private encodeArgs(startsAt = Date.now()): string[] {
    // biome-ignore format: one option per line reads better
    return [
      ...this.input(),
      '-vf', this.filter(this.still(), phaseAt(startsAt)),
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
    this.stopZoomTimer();
    if (p) await stopFfmpeg(p);
  }

  /** The window's width in scene pixels at a zoom (even, as the crop of a 4:2:0 picture wants). */
  private static widthAt(zoom: number): number {
    return 2 * Math.round(SCENE.width / zoom / 2);
  }

  /** The window as it stands (no move). */
  private still(): Window {
    return { w: Scene.widthAt(this.zoom), cx: this.cx.toFixed(1), cy: this.cy.toFixed(1) };
  }

  /** Where the window is now, the running move included; the centre kept where the window fits. */
  private settle(): void {
    if (this.moving) {
      const s = (Date.now() - this.moving.since) / 1000;
      this.cx += this.moving.dx * s;
      this.cy += this.moving.dy * s;
      this.zoom = clamp(this.zoom * this.moving.rate ** s, ZOOM.min, ZOOM.max);
      this.moving.since = Date.now();
    }
    const w = Scene.widthAt(this.zoom);
    const h = (w * 9) / 16;
    this.cx = clamp(this.cx, w / 2, SCENE.width - w / 2);
    this.cy = clamp(this.cy, h / 2, SCENE.height - h / 2);
  }

  /** Starts a pan or a zoom until `ptzStop`; the running ffmpeg follows through filter commands. */
  ptzStart(move: PtzMove, speed: number): void {
    this.ptzStop();
    const i = clamp(Math.round(speed), 0, 2);
    if (move === 'zoomIn' || move === 'zoomOut') {
      const rate = ZOOM_RATES[i] ?? 1.5;
      this.moving = { dx: 0, dy: 0, rate: move === 'zoomIn' ? rate : 1 / rate, since: Date.now() };
      // crop's size is read when a command sets it, not per frame: resize step by step.
      this.zoomTimer = setInterval(() => {
        this.settle();
        this.command('w', String(Scene.widthAt(this.zoom)));
      }, ZOOM_TICK_MS);
      this.zoomTimer.unref();
      return;
    }
    const v = SPEEDS[i] ?? SPEEDS[1];
    const dx = move === 'left' ? -v : move === 'right' ? v : 0;
    const dy = move === 'up' ? -v : move === 'down' ? v : 0;
    this.moving = { dx, dy, rate: 1, since: Date.now() };
    // The corner is read per frame and the stream's clock `t` runs with the wall clock (-re): the move
    // is an expression of t.
    const t0 = ((Date.now() - this.startedAt) / 1000).toFixed(2);
    this.command('x', centred(`${this.cx.toFixed(1)}+${dx}*(t-${t0})`, 'ow', 'iw'));
    this.command('y', centred(`${this.cy.toFixed(1)}+${dy}*(t-${t0})`, 'oh', 'ih'));
  }

  /** Where the camera points (a PTZ preset keeps it): the window's centre and zoom. */
  position(): { cx: number; cy: number; zoom: number } {
    this.ptzStop();
    return { cx: this.cx, cy: this.cy, zoom: this.zoom };
  }

  /** Turns to a kept position at once (a preset): the stream's window jumps there. */
  moveTo(p: { cx: number; cy: number; zoom: number }): void {
    this.ptzStop();
    this.cx = p.cx;
    this.cy = p.cy;
    this.zoom = p.zoom;
    this.settle();
    const win = this.still();
    this.command('w', String(win.w));
    this.command('x', centred(win.cx, 'ow', 'iw'));
    this.command('y', centred(win.cy, 'oh', 'ih'));
  }

  /** Ends the running move: the window stays where the stream shows it. */
  ptzStop(): void {
    this.settle();
    const was = this.moving;
    this.moving = null;
    this.stopZoomTimer();
    if (!was) return;
    const win = this.still();
    if (was.rate !== 1) this.command('w', String(win.w));
    this.command('x', centred(win.cx, 'ow', 'iw'));
    this.command('y', centred(win.cy, 'oh', 'ih'));
  }

  private stopZoomTimer(): void {
    if (this.zoomTimer) clearInterval(this.zoomTimer);
    this.zoomTimer = null;
  }

  /** The window now: its zoom, size and place in scene pixels (tests check the clamping with it). */
  view(): { zoom: number; w: number; h: number; x: number; y: number } {
    this.settle();
    const w = Scene.widthAt(this.zoom);
    // crop makes its height even, as the width
    const h = 2 * Math.floor((w * 9) / 32);
    return { zoom: this.zoom, w, h, x: Math.round(this.cx - w / 2), y: Math.round(this.cy - h / 2) };
  }

  /** ffmpeg's interactive `c` command: send a command to the first crop filter. */
  private command(what: 'w' | 'x' | 'y', value: string): void {
    if (this.running && this.proc?.stdin?.writable) this.proc.stdin.write(`ccrop -1 ${what} ${value}\n`);
  }

  /** ffmpeg's environment: its `localtime` reads TZ. */
  env(): NodeJS.ProcessEnv | undefined {
    return this.opts.timeZone ? { ...process.env, TZ: this.opts.timeZone } : undefined;
  }

  /** One JPEG of what the camera shows now (without starting the stream), through the same window. */
  captureArgs(): string[] {
    this.prepare();
    this.settle();
    // biome-ignore format: one option per line reads better
    return [
      '-hide_banner', '-loglevel', 'error',
      '-i', backdrop(this.opts.ffmpeg),
      '-vf', this.filter(this.still(), phaseAt(Date.now())),
      '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1',
    ];
  }
}

/**
 * The time code's cells (timeCode.ts) as drawboxes: the frame's pts is made the wall clock in ms (RTCTIME,
 * when the frame passes) for the cells' expressions, then the frame count again (10 fps), as before.
 */
function timeCodeFilter(): string {
  const { bits, cell, unitMs } = TIME_CODE;
  const cells = Array.from(
    { length: bits },
    (_, k) =>
      `drawbox=x=${k * cell}:y=0:w=${cell}:h=${cell}:color=white:t=fill:enable='eq(mod(floor(t*1000/${unitMs * 2 ** k}),2),1)'`,
  );
  // biome-ignore format: one step per line reads better
  return [
    'settb=1/1000', 'setpts=RTCTIME/1000',
    `drawbox=x=0:y=0:w=${bits * cell}:h=${cell}:color=black:t=fill`, ...cells,
    `setpts=N/(${SCENE.fps}*TB)`,
  ].join(',');
}

/** The box's phase for a picture whose `t` is 0 at `epochMs`: the wall clock's seconds, modulo ten minutes. */
function phaseAt(epochMs: number): number {
  return (epochMs / 1000) % 600;
}

/**
 * The scene's backdrop: one frame of ffmpeg's test pattern, made once per machine (the file is shared by
 * every process; written aside and renamed, so a reader never sees half of it). Still, because the
 * pattern moves by itself (a sweeping line, counters): then the box and the clock are the only motion,
 * and two pictures of a camera that did not move compare equal away from the texts (pictureChange.ts).
 */
function backdrop(ffmpeg: string): string {
  // BMP: read again for every frame, and decoding a PNG ten times a second cost twice the live pattern.
  const file = join(tmpdir(), `farmpark-scene-${SCENE.width}x${SCENE.height}.bmp`);
  if (!existsSync(file)) {
    const part = `${file}.${process.pid}.bmp`;
    // biome-ignore format: one option per line reads better
    execFileSync(ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${SCENE.width}x${SCENE.height}:rate=1`, '-frames:v', '1', part,
    ]);
    renameSync(part, file);
  }
  return file;
}

/** crop's corner for a window centred at `centre` (an expression), kept inside the scene. */
function centred(centre: string, size: 'ow' | 'oh', scene: 'iw' | 'ih'): string {
  return `clip(${centre}-${size}/2,0,${scene}-${size})`;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
