import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readNumber } from '@farmpark/contracts';
import { z } from 'zod';
import { resolveFfmpeg } from './modules/video/ffmpeg';

const here = dirname(fileURLToPath(import.meta.url));
/** apps/server/src -> repository root. */
const repoRoot = resolve(here, '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * A number setting: blank is "not set" (its default), not 0, and text that is not a number is refused. A
 * blank quota read as 0 MB would have pruned every recording at the next round.
 */
const envNumber = (rule: (n: z.ZodNumber) => z.ZodNumber, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : readNumber(v)),
    rule(z.number()).default(fallback),
  );

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(0, `${name} must be between 0 and 65535`)
    .max(65535, `${name} must be between 0 and 65535`);

/**
 * Which proxies' X-Forwarded-For to believe: how many hops stand in front (`1`), or their addresses
 * (`10.0.0.2,10.0.0.3`, CIDRs too). Never `true`: Fastify would then take the leftmost address, which the
 * client writes itself, and every per-address limit would be the client's choice.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((v, ctx): number | string | false => {
    const t = v.trim();
    if (['', '0', 'false', 'no', 'off'].includes(t)) return false;
    if (/^\d+$/.test(t)) return Number(t);
    if (['1', 'true', 'yes', 'on'].includes(t)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe any address a client writes; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2)',
      });
      return z.NEVER;
    }
    const parts = t.split(',').map((p) => p.trim());
    if (parts.every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p))) return parts.join(',');
    ctx.addIssue({ code: 'custom', message: 'must be a number of proxies (1) or their addresses (10.0.0.2,10.0.0.3)' });
    return z.NEVER;
  });

/** An http(s) address, or empty for a service that is not configured. */
const optionalUrl = (what = 'URL') =>
  z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\//.test(v), `must be an http:// or https:// ${what}, or empty`);

const envSchema = z.object({
  PORT: port('PORT').default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  MQTT_PORT: port('MQTT_PORT').default(1883),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^postgres(ql)?:\/\//.test(v),
      'must be a postgres:// URL, or empty for embedded SQLite',
    ),
  DEMO: bool.default(false),
  /**
   * Tests only: a loopback port on which the demo's simulated world can be moved forward
   * (POST /advance?minutes=N, demo/simControl.ts), so no test waits for simulated weather. 0 = off.
   */
  SIM_CONTROL_PORT: port('SIM_CONTROL_PORT').default(0),
  WEB_DIST: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For (rate limits, system log). */
  TRUST_PROXY: trustProxy,
  /** An external MQTT broker (mqtt:// or mqtts://) for devices instead of the embedded one. */
  MQTT_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^mqtts?:\/\//.test(v), 'must be an mqtt:// or mqtts:// URL, or empty'),
  /**
   * Shared secret an external broker presents to /api/mqtt/auth and /api/mqtt/acl (its auth hooks).
   * Empty disables those endpoints. At least 16 characters: it guards every device login.
   */
  MQTT_HOOK_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 16, 'must be at least 16 characters, or empty to disable the hooks'),
  /** IANA zone whose midnight starts a day (and month) in telemetry rollups. */
  TZ_NAME: z
    .string()
    .default('Asia/Shanghai')
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Shanghai'),
  /**
   * SQLite telemetry commits: `normal` survives a killed process (the acknowledged-reading promise);
   * `full` also survives power loss, at one fsync per commit (docs/TELEMETRY.md).
   */
  TELEMETRY_SYNC: z.enum(['normal', 'full'], { error: 'must be normal or full' }).default('normal'),
  /**
   * PostgreSQL: days of raw readings kept; older 30-day partitions are dropped whole. 0 keeps everything.
   * Hourly and daily rollups are kept regardless (long-range charts read them).
   */
  TELEMETRY_RETENTION_DAYS: z.coerce
    .number({ error: 'TELEMETRY_RETENTION_DAYS must be a number of days' })
    .int('TELEMETRY_RETENTION_DAYS must be a whole number of days')
    .min(0, 'TELEMETRY_RETENTION_DAYS must be 0 (keep) or more')
    .default(0),
  /** Alarm e-mail over SMTP; empty SMTP_HOST = e-mail deliveries fail with "SMTP not configured". */
  SMTP_HOST: z.string().default(''),
  SMTP_PORT: port('SMTP_PORT').default(587),
  SMTP_USER: z.string().default(''),
  SMTP_PASS: z.string().default(''),
  SMTP_FROM: z.string().default('FarmPark <alarm@farmpark.local>'),
  /**
   * The top bar's weather: key of an AMap-compatible service (IP location, then live weather by adcode),
   * kept on the server. Empty = the park's own weather station answers.
   */
  WEATHER_KEY: z.string().default(''),
  WEATHER_BASE_URL: z
    .string()
    .default('https://restapi.amap.com')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL'),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: bool.default(false),
  /** Alarm SMS: an HTTP gateway that receives POST JSON {phone, text}; empty = SMS not configured. */
  SMS_GATEWAY_URL: optionalUrl(),
  /**
   * Lamp vendor cloud: its token endpoint base URL (POST {url}/token with the key) and the key. Empty URL =
   * only FarmPark's own lamps, which need no token.
   */
  LIGHT_CLOUD_URL: optionalUrl(),
  LIGHT_CLOUD_KEY: z.string().default(''),
  /** The help documents the top bar opens (with ?token=); empty = the console says help is not configured. */
  HELP_URL: optionalUrl(),
  /**
   * The new-version data screen on its own host (SPEC §2), opened with ?token=&groupId=; empty = the top
   * bar's entry opens the built-in dark screen instead.
   */
  NEW_SCREEN_URL: optionalUrl(),
  /**
   * Map tile URL template. The same variable the console build reads (Vite exposes VITE_*): the
   * server needs its host for the content security policy's img-src. Empty = maps without tiles.
   */
  VITE_MAP_TILE_URL: optionalUrl('URL template'),
  /**
   * Where consumers reach the public trace pages (/OC, /TC, GS1 Digital Link paths), printed in label QR
   * codes. Empty = the address the console's request came in on (fine when console and public share a host).
   */
  PUBLIC_BASE_URL: optionalUrl(),
  /** A CJK font file embedded in label and tag PDFs so Chinese text renders (Debian's fonts-noto-cjk). */
  CJK_FONT: z.string().min(1).default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  /** Video (docs/VIDEO.md): the ffmpeg binary ('' = the system's on PATH, else the npm package's), the EZVIZ open API ('' = open.ys7.com; the demo's simulator
   * otherwise), seconds a stream nobody fetches keeps running, days recorded segments are kept. */
  FFMPEG_PATH: z.string().default(''),
  EZVIZ_BASE_URL: optionalUrl(),
  VIDEO_IDLE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  VIDEO_RECORD_DAYS: envNumber((n) => n.int().min(0).max(365), 3),
  /** Recording around the clock: seconds per segment file, each merchant's disk quota, the disk's free floor. */
  VIDEO_RECORD_SEGMENT_SECONDS: envNumber((n) => n.int().min(1).max(600), 60),
  VIDEO_RECORD_QUOTA_MB: envNumber((n) => n.min(0), 20_480),
  VIDEO_RECORD_MIN_FREE_MB: envNumber((n) => n.min(0), 2048),
  /** ffmpeg processes of video at once (live relays, snapshots, probes, time-lapses): on the server, per merchant. */
  VIDEO_MAX_PROCESSES: z.coerce.number().int().min(1).max(1000).default(32),
  VIDEO_MAX_PROCESSES_PER_MERCHANT: z.coerce.number().int().min(1).max(1000).default(16),
  /** Stream URLs may point at this server, loopback or link-local addresses (the demo's and tests' simulators). */
  VIDEO_ALLOW_LOCAL_SOURCES: bool.default(false),
  /** The demo's simulated cameras draw a time code (video-sim/timeCode.ts: bench:video's latency). */
  VIDEO_SIM_TIME_CODE: bool.default(false),
});

export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  mqttPort: number;
  dataDir: string;
  database: DatabaseTarget;
  demo: boolean;
  /** 0 = no control of the simulated clock (tests set a port). */
  simControlPort: number;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Proxy hops or addresses whose X-Forwarded-For is believed; false: the connection's own address. */
  trustProxy: number | string | false;
  /** '' = devices use the embedded broker. */
  mqttUrl: string;
  tzName: string;
  telemetrySync: 'normal' | 'full';
  /** 0 = raw readings are kept for ever. */
  telemetryRetentionDays: number;
  /** key '' = no weather service: the top bar shows the park's weather station. */
  weather: { key: string; baseUrl: string };
  /** '' = the broker auth hook endpoints answer "disabled". */
  mqttHookSecret: string;
  smtp: { host: string; port: number; user: string; pass: string; from: string; secure: boolean };
  smsGatewayUrl: string;
  /** '' = no map tiles (maps draw on a plain background). */
  mapTileUrl: string;
  /** url '' = no vendor cloud (FarmPark's own lamps need no token). The key never leaves the server. */
  lightCloud: { url: string; key: string };
  /** '' = no help documents configured. */
  helpUrl: string;
  newScreenUrl: string;
  /** '' = derive from the request (protocol and host). No trailing slash. */
  publicBaseUrl: string;
  cjkFont: string;
  /** ezvizBaseUrl '' = https://open.ys7.com (the demo sets its simulator's). */
  video: {
    ffmpeg: string;
    ffmpegInUse: string;
    ezvizBaseUrl: string;
    idleSeconds: number;
    recordDays: number;
    recordSegmentSeconds: number;
    recordQuotaMb: number;
    recordMinFreeMb: number;
    maxProcesses: number;
    maxProcessesPerMerchant: number;
    allowLocalSources: boolean;
    simTimeCode: boolean;
  };
}

/** Parses the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((k) => env[k] !== undefined)
      .map((k) => [k, env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const isPostgres = /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  const ffmpeg = resolveFfmpeg({ FFMPEG_PATH: e.FFMPEG_PATH, PATH: env.PATH });
  return {
    port: e.PORT,
    host: e.HOST,
    mqttPort: e.MQTT_PORT,
    dataDir,
    database: isPostgres
      ? { engine: 'postgres', url: e.DATABASE_URL }
      : { engine: 'sqlite', file: resolve(dataDir, 'farmpark.db') },
    demo: e.DEMO,
    simControlPort: e.SIM_CONTROL_PORT,
    webDist: resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mqttUrl: e.MQTT_URL,
    tzName: e.TZ_NAME,
    telemetrySync: e.TELEMETRY_SYNC,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    weather: { key: e.WEATHER_KEY, baseUrl: e.WEATHER_BASE_URL.replace(/\/+$/, '') },
    mqttHookSecret: e.MQTT_HOOK_SECRET,
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      user: e.SMTP_USER,
      pass: e.SMTP_PASS,
      from: e.SMTP_FROM,
      secure: e.SMTP_SECURE,
    },
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    mapTileUrl: e.VITE_MAP_TILE_URL,
    lightCloud: { url: e.LIGHT_CLOUD_URL.replace(/\/+$/, ''), key: e.LIGHT_CLOUD_KEY },
    helpUrl: e.HELP_URL,
    newScreenUrl: e.NEW_SCREEN_URL,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    cjkFont: e.CJK_FONT,
    video: {
      ffmpeg: ffmpeg.path,
      /** Which ffmpeg and where from, in words (the start banner). */
      ffmpegInUse: ffmpeg.describe,
      ezvizBaseUrl: e.EZVIZ_BASE_URL.replace(/\/+$/, ''),
      idleSeconds: e.VIDEO_IDLE_SECONDS,
      recordDays: e.VIDEO_RECORD_DAYS,
      recordSegmentSeconds: e.VIDEO_RECORD_SEGMENT_SECONDS,
      recordQuotaMb: e.VIDEO_RECORD_QUOTA_MB,
      recordMinFreeMb: e.VIDEO_RECORD_MIN_FREE_MB,
      maxProcesses: e.VIDEO_MAX_PROCESSES,
      maxProcessesPerMerchant: e.VIDEO_MAX_PROCESSES_PER_MERCHANT,
      allowLocalSources: e.VIDEO_ALLOW_LOCAL_SOURCES,
      simTimeCode: e.VIDEO_SIM_TIME_CODE,
    },
  };
}

export function webDistBuilt(webDist: string): boolean {
  return existsSync(resolve(webDist, 'index.html'));
}
