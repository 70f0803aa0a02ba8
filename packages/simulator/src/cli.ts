#!/usr/bin/env -S npx tsx
/**
 * Runs simulated devices against any MQTT broker:
 *   npx tsx packages/simulator/src/cli.ts --broker mqtt://127.0.0.1:1883 --devices devices.json [--interval 10000]
 * devices.json: [{serial, secret, deviceClass, model?, lat?, lon?, tzOffsetMin?, seed?}]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createFleet } from './fleet';
import { describeZodError, deviceEntry } from './options';

const USAGE =
  'usage: farmpark-sim --broker mqtt://host:1883 --devices devices.json [--interval 10000]\n' +
  '  devices.json: [{"serial","secret","deviceClass","model"?,"lat"?,"lon"?}]';

function fail(message: string): never {
  process.stderr.write(`farmpark-sim: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  let values: { broker?: string; devices?: string; interval?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        broker: { type: 'string' },
        devices: { type: 'string' },
        interval: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!values.broker) fail('--broker is required');
  if (!values.devices) fail('--devices is required');
  const interval = values.interval === undefined ? 10_000 : Number(values.interval);
  if (!Number.isInteger(interval) || interval < 50)
    fail('--interval must be a whole number of milliseconds, at least 50');

  let json: unknown;
  try {
    json = JSON.parse(readFileSync(values.devices, 'utf8'));
  } catch (err) {
    fail(`--devices ${values.devices}: ${(err as Error).message}`);
  }
  const list = z.array(deviceEntry).min(1, 'must list at least one device').safeParse(json);
  if (!list.success) fail(`--devices ${values.devices}: ${describeZodError(list.error)}`);
  return { broker: values.broker, devices: list.data, interval };
}

async function main() {
  const args = parse();
  let fleet: ReturnType<typeof createFleet>;
  try {
    fleet = createFleet(args.devices, { brokerUrl: args.broker, telemetryIntervalMs: args.interval });
  } catch (err) {
    fail((err as Error).message);
  }
  const out = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

  for (const d of fleet.devices) {
    const names = new Map<string, string>();
    d.on('connect', () => out(`connected ${d.serial} ${d.deviceClass} ${d.model}`));
    d.on('command', (c: { cmdId: string; name: string }) => names.set(c.cmdId, c.name));
    d.on('ack', (a: { cmdId: string; ok: boolean; reason?: string }) => {
      const name = names.get(a.cmdId) ?? '?';
      names.delete(a.cmdId);
      out(`command ${d.serial} ${name} ${a.cmdId} ${a.ok ? 'ok' : `failed: ${a.reason}`}`);
    });
    d.on('connectionError', (err: Error) => out(`error ${d.serial} ${err.message}`));
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      out(`${signal} again, exiting without a clean stop`);
      process.exit(130);
    }
    stopping = true;
    out(`${signal}: stopping ${fleet.devices.length} devices`);
    await fleet.stop();
    out('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const result = await fleet.start();
  for (const f of result.failed) out(`refused ${f.serial}: ${f.error}`);
  out(
    `${result.connected} of ${fleet.devices.length} devices online, publishing every ${args.interval} ms (Ctrl-C stops)`,
  );
  if (result.connected === 0) {
    await fleet.stop();
    process.exit(1);
  }
}

void main();
