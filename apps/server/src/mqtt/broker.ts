import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { MQTT_WS_PATH } from '@farmpark/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Db } from '../db/connect';
import { resolveSession, type SessionEndedMessage } from '../modules/auth/sessions';
import { authenticateDevice } from '../modules/devices/credentials';
import { browserMaySubscribe, deviceMayUse, isUserSessionTopic, type MqttIdentity } from './acl';
import { type DeviceMessageBus, dispatchUpPublish } from './deviceMessages';
import type { Publish } from './publish';

export interface MqttBroker {
  aedes: Aedes;
  publish: Publish;
  /** Serves MQTT over WebSocket on `/mqtt` of the given HTTP server (the console's own port). */
  attachWebSocket(server: HttpServer): void;
  /** MQTT over TCP for devices. */
  listenTcp(port: number, host?: string): Promise<NetServer>;
  /** Drops every connection signed in as this device (secret regenerated, device removed); returns how many. */
  disconnectDevice(serial: string): number;
  close(): Promise<void>;
}

/** After a session-ended notice is delivered the client is dropped: its token no longer admits it. */
const DROP_AFTER_END_MS = 1000;
const BAD_LOGIN = 4;

function refuse(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: BAD_LOGIN }) as AuthenticateError;
}

export async function createBroker(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Where device publishes on `dev/{serial}/up/*` go; their PUBACK waits for it. */
  bus?: DeviceMessageBus;
}): Promise<MqttBroker> {
  const identities = new WeakMap<Client, MqttIdentity>();
  const deviceClients = new Map<string, Set<Client>>();
  const aedes = await Aedes.createBroker({ drainTimeout: 30_000, maxClientsIdLength: 64 });

  aedes.authenticate = (client, username, password, done) => {
    authenticate(username ?? '', password?.toString('utf8') ?? '')
      .then((who) => {
        identities.set(client, who);
        if (who.kind === 'device') {
          const set = deviceClients.get(who.serial) ?? new Set();
          deviceClients.set(who.serial, set.add(client));
        }
        done(null, true);
      })
      .catch((err: Error) => done(refuse(err.message), false));
  };

  /** Browsers: `u{userId}` + their session token. Devices: their serial + their own secret. */
  async function authenticate(username: string, password: string): Promise<MqttIdentity> {
    const user = /^u(\d+)$/.exec(username);
    if (user) {
      const ctx = await resolveSession(deps.db, password);
      if (ctx.userId !== Number(user[1])) throw new Error('session does not belong to this user');
      return {
        kind: 'user',
        userId: ctx.userId,
        merchantId: ctx.merchantId,
        sessionId: ctx.sessionId,
        token: password,
      };
    }
    const device = await authenticateDevice(deps.db, username, password);
    return { kind: 'device', serial: device.serial, deviceId: device.deviceId };
  }

  aedes.authorizeSubscribe = (client, sub, done) => {
    const who = identities.get(client);
    if (!who) return done(null, null);
    if (who.kind === 'device') return done(null, deviceMayUse(sub.topic, who.serial) ? sub : null);
    // Park access is read fresh: an admin's new park is visible at once, a revoked one is not.
    resolveSession(deps.db, who.token)
      .then((ctx) => done(null, browserMaySubscribe(sub.topic, ctx) ? sub : null))
      .catch(() => done(null, null));
  };

  aedes.authorizePublish = (client, packet, done) => {
    if (!client) return done(null);
    const who = identities.get(client);
    // Browsers publish nothing yet: web/ and user/ topics are the server's alone.
    if (who?.kind === 'device' && deviceMayUse(packet.topic, who.serial)) {
      // Aedes writes the PUBACK only after `done`: holding it until dispatch resolves makes the ack durable.
      if (deps.bus)
        return void dispatchUpPublish(deps.bus, packet.topic, packet.payload, who.deviceId).then(() => done(null));
      return done(null);
    }
    done(new Error(`not allowed to publish to ${packet.topic}`));
  };

  // A user's session topic is shared by all their consoles; each notice reaches only the sessions it ended.
  aedes.authorizeForward = (client, packet) => {
    if (!isUserSessionTopic(packet.topic)) return packet;
    const who = identities.get(client);
    if (who?.kind !== 'user') return null;
    let ended: SessionEndedMessage;
    try {
      ended = JSON.parse(packet.payload.toString());
    } catch {
      return null;
    }
    if (!ended.sessionIds?.includes(who.sessionId)) return null;
    setTimeout(() => client.close(), DROP_AFTER_END_MS).unref();
    return packet;
  };

  aedes.on('clientDisconnect', (client) => {
    const who = identities.get(client);
    if (who?.kind === 'device') deviceClients.get(who.serial)?.delete(client);
  });
  aedes.on('clientError', (client, err) =>
    deps.log.debug({ clientId: client?.id, err: err.message }, 'mqtt client error'),
  );
  aedes.on('connectionError', (client, err) =>
    deps.log.debug({ clientId: client?.id, err: err.message }, 'mqtt connection error'),
  );

  const publish: Publish = (topic, payload) =>
    new Promise((resolve, reject) =>
      aedes.publish(
        { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain: false, dup: false },
        (err) => (err ? reject(err) : resolve()),
      ),
    );

  const wss = new WebSocketServer({ noServer: true });
  const tcpServers: NetServer[] = [];

  return {
    aedes,
    publish,
    attachWebSocket(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== MQTT_WS_PATH) {
          socket.destroy();
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const stream = createWebSocketStream(ws);
          stream.on('error', () => ws.terminate());
          aedes.handle(stream, req);
        });
      });
    },
    listenTcp(port, host) {
      const server = createServer((socket) => aedes.handle(socket));
      tcpServers.push(server);
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    },
    disconnectDevice(serial) {
      const clients = [...(deviceClients.get(serial) ?? [])];
      deviceClients.delete(serial);
      for (const c of clients) c.close();
      return clients.length;
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      // Stop accepting first, but wait for the listeners only after Aedes has closed the device
      // connections: a net server's close waits for its open sockets, which would never end otherwise.
      const listeners = tcpServers.map((s) => new Promise<void>((r) => s.close(() => r())));
      await new Promise<void>((r) => aedes.close(() => r()));
      await Promise.all(listeners);
    },
  };
}
