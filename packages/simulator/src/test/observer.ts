import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export interface Received {
  topic: string;
  json: Record<string, unknown>;
  retain: boolean;
}

/** A test-side MQTT client that watches devices and sends them commands, like the server would. */
export class Observer {
  readonly messages: Received[] = [];
  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, buf, packet) => {
      this.messages.push({ topic, json: JSON.parse(buf.toString()), retain: packet.retain });
    });
  }

  static async connect(url: string, opts: IClientOptions, topics: string[]): Promise<Observer> {
    const client = await mqtt.connectAsync(url, { ...opts, reconnectPeriod: 0 });
    const o = new Observer(client);
    await client.subscribeAsync(topics, { qos: 1 });
    return o;
  }

  async send(serial: string, cmd: Record<string, unknown>): Promise<void> {
    await this.client.publishAsync(`dev/${serial}/down/cmd`, JSON.stringify(cmd), { qos: 1 });
  }

  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (m: Received) => boolean, timeoutMs = 5000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const found = this.messages.find(match);
      if (found) return resolve(found);
      const onMessage = () => {
        const m = this.messages.find(match);
        if (!m) return;
        clearTimeout(timer);
        this.client.off('message', onMessage);
        resolve(m);
      };
      const timer = setTimeout(() => {
        this.client.off('message', onMessage);
        reject(
          new Error(`no matching message within ${timeoutMs} ms; got ${this.messages.map((x) => x.topic).join(', ')}`),
        );
      }, timeoutMs);
      // Registered after the buffering listener, so `messages` already holds the new one.
      this.client.on('message', onMessage);
    });
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
