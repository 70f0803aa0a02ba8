// Throwaway PostgreSQL and Mosquitto servers on 127.0.0.1 for the test run, and the apt install
// of what the tests need on Debian (as root). Nothing here touches a system-wide service.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, run, startChild, waitForPort, which } from './util.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;
export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** What is missing, as Debian package names. */
export function missingSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!postgresBinDir()) missing.push('postgresql');
  if (!which('mosquitto') && !existsSync('/usr/sbin/mosquitto')) missing.push('mosquitto');
  // Video streams, snapshots and time-lapses (issue 15) and the label-sheet round trip (pdftoppm).
  if (!which('ffmpeg')) missing.push('ffmpeg');
  if (!which('pdftoppm')) missing.push('poppler-utils');
  // Label sheets made in the background are read back as a phone's scanner would (labelJobs.test.ts).
  if (!which('zbarimg')) missing.push('zbar-tools');
  // Label and tag PDFs embed this font so Chinese product names render (traceability).
  if (!existsSync(CJK_FONT)) missing.push('fonts-noto-cjk');
  return missing;
}

/** A CJK font, so screenshots of the Chinese console are readable; tests do not depend on it. */
function missingFonts() {
  return existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc') ? [] : ['fonts-wqy-microhei'];
}

/** On Debian as root, installs what is missing; elsewhere prints the command. Returns what is still missing. */
export async function ensureSystemPackages() {
  let missing = missingSystemPackages();
  const wanted = [...missing, ...missingFonts()];
  if (!wanted.length) return missing;
  const cmd = `apt-get update && apt-get install -y --no-install-recommends ${wanted.join(' ')}`;
  if (isRoot && which('apt-get')) {
    log(`installing ${wanted.join(', ')} through apt`);
    await run('sh', ['-c', cmd], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).catch((err) =>
      log(`apt-get failed: ${err.message}`),
    );
    missing = missingSystemPackages();
  } else {
    log(`missing system packages: ${missing.join(', ')}. Install them with:\n    sudo sh -c '${cmd}'`);
  }
  return missing;
}

function asPostgres(bin, args) {
  const full = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return spawnSync(full[0], full[1], { encoding: 'utf8' });
}

/** Starts a throwaway cluster; returns {url, stop}. */
export async function startPostgres() {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'farmpark-pg-'));
  if (isRoot) chownSync(dir, Number(idOf('postgres', '-u')), Number(idOf('postgres', '-g')));
  const data = path.join(dir, 'data');
  const init = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    opts,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr}${start.stdout}`);
  await waitForPort(port);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function idOf(user, flag) {
  return spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim();
}

/**
 * Mosquitto in front of several FarmPark processes (docs/OPERATIONS.md): a server holds each PUBACK until its
 * commit, so it needs many messages in flight (the default 20 is 20 per commit), and nothing the broker has
 * acknowledged to a device may be dropped from a busy or restarting server's queue (default 1000 per client).
 */
export const MOSQUITTO_CLUSTER_CONF = 'max_inflight_messages 1000\nmax_queued_messages 0\n';

/** Starts Mosquitto on a free loopback port; returns {url, stop}. `extra`: more configuration lines. */
export async function startMosquitto(extra = '') {
  const bin = which('mosquitto') || '/usr/sbin/mosquitto';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'farmpark-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n${isRoot ? 'user root\n' : ''}${extra}`,
  );
  const child = startChild(bin, ['-c', conf], { quiet: true });
  await waitForPort(port);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
