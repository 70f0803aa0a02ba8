import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';

export interface TestBroker {
  url: string;
  /** Credentials the broker accepts: serial -> secret. */
  secrets: Map<string, string>;
  /** Publishes the broker refused, for ACL assertions. */
  refused: string[];
  close(): Promise<void>;
}

/**
 * An in-process Aedes on a free loopback port with the production rules in miniature: a device logs
 * in with serial/secret and may only publish and subscribe below `dev/{serial}/`. A client with the
 * username `observer` (password = the observer secret) may subscribe to anything, as the server does.
 */
export async function startAedes(observerSecret = 'observer-secret'): Promise<TestBroker> {
  const mod = await import('aedes');
  const secrets = new Map<string, string>();
  const refused: string[] = [];
  const broker = await mod.Aedes.createBroker({
    authenticate(client, username, password, done) {
      const ok =
        username !== undefined &&
        password !== undefined &&
        (username === 'observer'
          ? password.toString() === observerSecret
          : secrets.get(username) === password.toString() && client.id === username);
      if (ok) {
        (client as unknown as { serial: string }).serial = username as string;
        done(null, true);
        return;
      }
      const err = Object.assign(new Error('bad username or password'), { returnCode: 4 as const });
      done(err as never, false);
    },
    authorizePublish(client, packet, done) {
      const serial = (client as unknown as { serial?: string } | null)?.serial;
      if (serial && serial !== 'observer' && !packet.topic.startsWith(`dev/${serial}/up/`)) {
        refused.push(packet.topic);
        done(new Error(`${serial} may not publish to ${packet.topic}`));
        return;
      }
      done(null);
    },
    authorizeSubscribe(client, sub, done) {
      const serial = (client as unknown as { serial?: string }).serial;
      if (serial === 'observer' || sub.topic === `dev/${serial}/down/cmd`) {
        done(null, sub);
        return;
      }
      done(new Error(`${serial} may not subscribe to ${sub.topic}`));
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    secrets,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
