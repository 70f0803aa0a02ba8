import mqtt from 'mqtt';
import { login } from '../apps/server/src/cluster/harness/servers';
import { prepareData } from '../apps/server/src/test/prepareData';
import { RawDevice } from '../apps/server/src/test/rawDevice';
import { spawnServer } from '../apps/server/src/test/spawnServer';
import { log, numericArgs } from './args';
import { percentile, runBench, runLoad, weatherPayload } from './ingestLoad';

/**
 * bench:live -- [--seconds 20] [--background 1000] [--probes 10]
 * Publish-to-browser latency: a console subscribed over WebSocket /mqtt to its park's telemetry topic,
 * background devices publishing `background` msg/s in the same park, and one probe device publishing
 * `probes` msg/s whose readings are timed from publish to arrival in the console. One JSON line last.
 */
const args = numericArgs({ seconds: 20, background: 1000, probes: 10 });
const { seconds } = args;

async function main() {
  const data = await prepareData(51, 'weatherStation', 'LIVE');
  const [probe, ...background] = data.devices;
  const server = await spawnServer(data.dataDir);
  const base = `http://127.0.0.1:${server.port}/api/merchant`;
  try {
    const token = await login(server.port);
    const param = (
      (await (await fetch(`${base}/mqtt/getConnectParam`, { headers: { AuthToken: token } })).json()) as {
        data: { username: string; password: string };
      }
    ).data;
    const browser = await mqtt.connectAsync(`ws://127.0.0.1:${server.port}/mqtt`, {
      username: param.username,
      password: param.password,
      clientId: `${param.username}_bench${process.pid}`,
      reconnectPeriod: 0,
    });
    const topic = `web/${data.merchantId}/${data.groupId}/telemetry`;
    const granted = await browser.subscribeAsync(topic, { qos: 1 });
    if (granted[0]?.qos === 128) throw new Error(`subscription to ${topic} refused`);

    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let backgroundReadings = 0;
    browser.on('message', (_t, payload) => {
      const now = performance.now();
      const msg = JSON.parse(payload.toString()) as { readings: { deviceId: number; ts: number }[] };
      for (const r of msg.readings) {
        if (r.deviceId !== probe.id) {
          backgroundReadings++;
          continue;
        }
        const t = sentAt.get(r.ts);
        if (t !== undefined) {
          latencies.push(now - t);
          sentAt.delete(r.ts);
        }
      }
    });

    const dev = await RawDevice.connect('127.0.0.1', server.mqttPort, probe.serial, probe.secret);
    const firstTs = Date.now() - 86_400_000;
    let seq = 0;
    const probeTimer = setInterval(() => {
      const ts = firstTs + seq * 1000;
      sentAt.set(ts, performance.now());
      void dev.publish(`dev/${probe.serial}/up/telemetry`, weatherPayload(ts, seq++)).catch(() => {});
    }, 1000 / args.probes);
    const load = await runLoad({
      devices: background,
      host: '127.0.0.1',
      port: server.mqttPort,
      rate: args.background,
      seconds,
      window: 20,
      firstTs,
      stepMs: 1000,
    });
    clearInterval(probeTimer);
    await new Promise((r) => setTimeout(r, 1000));
    await dev.close();
    await browser.endAsync();
    const lat = Float64Array.from(latencies);
    const result = {
      bench: 'live',
      seconds,
      backgroundMessagesPerSecond: Math.round(load.acked / load.seconds),
      backgroundReadingsSeen: backgroundReadings,
      probes: seq,
      received: latencies.length,
      p50Ms: Math.round(percentile(lat, 50) * 10) / 10,
      p99Ms: Math.round(percentile(lat, 99) * 10) / 10,
      maxMs: Math.round(Math.max(...latencies) * 10) / 10,
    };
    log(`probes lost on the way: ${seq - latencies.length}`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await server.stop();
    data.remove();
  }
}

runBench(main);
