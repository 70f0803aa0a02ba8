/**
 * CPU cost of a simulated fleet: N devices publishing every interval against a broker running in
 * another process (so only the simulator is measured).
 *   npx tsx packages/simulator/scripts/fleetCpu.ts --broker mqtt://127.0.0.1:1883 [--devices 300] [--interval 10000] [--seconds 60]
 * The broker must accept any credentials (e.g. Mosquitto with allow_anonymous). Prints one JSON line.
 */
import { parseArgs } from 'node:util';
import { DEVICE_CLASSES } from '@farmpark/contracts';
import { createFleet } from '../src/fleet';

const { values } = parseArgs({
  options: {
    broker: { type: 'string' },
    devices: { type: 'string', default: '300' },
    interval: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '60' },
  },
});
if (!values.broker) throw new Error('--broker is required');
const count = Number(values.devices);
const interval = Number(values.interval);
const seconds = Number(values.seconds);

const classes = DEVICE_CLASSES.filter((c) => c !== 'camera');
const fleet = createFleet(
  Array.from({ length: count }, (_, i) => ({
    serial: `CPU-${i}`,
    secret: 'x',
    deviceClass: classes[i % classes.length],
  })),
  { brokerUrl: values.broker, telemetryIntervalMs: interval },
);
let published = 0;
for (const d of fleet.devices) d.on('published', () => published++);

const started = await fleet.start();
// Measure the steady state only, after every device has connected and sent its first reading.
await new Promise((r) => setTimeout(r, interval));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const p0 = published;
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = process.cpuUsage(cpu0);
const wallMs = performance.now() - t0;
const messages = published - p0;
await fleet.stop();
console.log(
  JSON.stringify({
    devices: count,
    connected: started.connected,
    intervalMs: interval,
    seconds,
    messages,
    messagesPerSecond: Math.round((messages / wallMs) * 1000),
    cpuPercentOfOneCore: Number((((cpu.user + cpu.system) / 1000 / wallMs) * 100).toFixed(2)),
    cpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, messages)).toFixed(3)),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
process.exit(0);
