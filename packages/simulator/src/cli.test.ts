import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAedes, type TestBroker } from './test/aedesBroker';
import { Observer } from './test/observer';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'packages/simulator/src/cli.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function runCli(args: string[]) {
  const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b) => {
    stdout += b;
  });
  child.stderr.on('data', (b) => {
    stderr += b;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForOutput = async (re: RegExp, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!re.test(stdout)) {
      if (Date.now() > until) throw new Error(`no ${re} in output:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitForOutput, output: () => ({ stdout, stderr }) };
}

describe('cli', () => {
  let broker: TestBroker;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    broker = await startAedes();
    dir = mkdtempSync(path.join(tmpdir(), 'farmpark-sim-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await broker.close();
  });

  it('runs the devices of a file, logs connections and commands, and stops cleanly on SIGINT', async () => {
    const devices = [
      { serial: 'CLI-W1', secret: 'w1', deviceClass: 'weatherStation' },
      { serial: 'CLI-V1', secret: 'v1', deviceClass: 'valveController', lat: 30.6, lon: 114.3 },
    ];
    for (const d of devices) broker.secrets.set(d.serial, d.secret);
    const file = path.join(dir, 'devices.json');
    writeFileSync(file, JSON.stringify(devices));
    const observer = await Observer.connect(
      broker.url,
      { clientId: 'cli-observer', username: 'observer', password: 'observer-secret' },
      ['dev/+/up/#'],
    );
    const cli = runCli(['--broker', broker.url, '--devices', file, '--interval', '500']);
    children.push(cli.child);
    try {
      await cli.waitForOutput(/connected CLI-W1 weatherStation QX-8/);
      await cli.waitForOutput(/connected CLI-V1 valveController FM-4/);
      await observer.send('CLI-V1', {
        cmdId: 'c-1',
        name: 'setValve',
        params: { valve: 2, on: true },
        ts: Date.now(),
        expiresAt: Date.now() + 10_000,
      });
      await cli.waitForOutput(/command CLI-V1 setValve c-1 ok/);
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
      const bye = await observer.waitFor((m) => m.topic === 'dev/CLI-W1/up/status' && m.json.online === false);
      expect(bye.json.firmware).toBeTypeOf('string'); // a clean goodbye, not the last will
    } finally {
      await observer.close();
    }
  });

  it('refuses a bad devices file, naming the entry and field', async () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        { serial: 'X1', secret: 's', deviceClass: 'weatherStation' },
        { serial: 'X2', secret: 's', deviceClass: 'toaster' },
      ]),
    );
    const cli = runCli(['--broker', broker.url, '--devices', file]);
    children.push(cli.child);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(/1\.deviceClass/);
  });
});
