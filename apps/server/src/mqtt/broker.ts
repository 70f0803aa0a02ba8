import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { MQTT_WS_PATH } from '@farmpark/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Db } from '../db/connect';
import { liveSessions } from '../modules/auth/repo';
import { resolveSession, type SessionEndedMessage } from '../modules/auth/sessions';
import { authenticateDevice } from '../modules/devices/credentials';
import { browserMaySubscribe, deviceMayUse, isUserSessionTopic, type MqttIdentity } from './acl';
import { mayUseClientId } from './clientIds';
import { type DeviceMessageBus, dispatchUpPublish } from './deviceMessages';
import { GuardedConnection, MQTT_LIMITS, type MqttLimits } from './frameGuard';
import type { Publish } from './publish';

export interface MqttBroker {
  aedes: Aedes;
  publish: Publish;
  /**
   * Serves MQTT over WebSocket on `/mqtt` of the given HTTP server (the console's own port); `other` may
   * take other paths' upgrades (it answers true when it did: live video), the rest are closed.
   */
  attachWebSocket(server: HttpServer, other?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean): void;
  /** MQTT over TCP for devices. */
  listenTcp(port: number, host?: string): Promise<NetServer>;
  /** Drops every connection signed in as this device (secret regenerated, device removed); returns how many. */
  disconnectDevice(serial: string): number;
  close(): Promise<void>;
}

/** After a session-ended notice is delivered the client is dropped: its token no longer admits it. */
const DROP_AFTER_END_MS = 1000;
/** How often the sessions of open console connections are checked for expiry (nothing announces that). */
const SESSION_CHECK_MS = 60_000;
const IDENTIFIER_REJECTED = 2;
const BAD_LOGIN = 4;

function refuse(message: string, returnCode = BAD_LOGIN): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

class ClientIdTaken extends Error {}

/** Live connections grouped by a key (a device's serial, a console's session), to close them together. */
class ClientIndex<K> {
  private readonly map = new Map<K, Set<Client>>();
  add(key: K, client: Client): void {
    this.map.set(key, (this.map.get(key) ?? new Set()).add(client));
  }
  delete(key: K, client: Client): void {
    const set = this.map.get(key);
    set?.delete(client);
    if (set?.size === 0) this.map.delete(key);
  }
  keys(): K[] {
    return [...this.map.keys()];
  }
  first(key: K): Client | undefined {
    return this.map.get(key)?.values().next().value;
  }
  /** Removes and returns the connections of a key. */
  take(key: K): Client[] {
    const list = [...(this.map.get(key) ?? [])];
    this.map.delete(key);
    return list;
  }
}

export async function createBroker(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Where device publishes on `dev/{serial}/up/*` go; their PUBACK waits for it. */
  bus?: DeviceMessageBus;
  /** Defaults to MQTT_LIMITS; tests shorten the timeouts. */
  limits?: Partial<MqttLimits>;
  /** Defaults to SESSION_CHECK_MS; tests shorten it. */
  sessionCheckMs?: number;
}): Promise<MqttBroker> {
  const limits: MqttLimits = { ...MQTT_LIMITS, ...deps.limits };
  const identities = new WeakMap<Client, MqttIdentity>();
  const deviceClients = new ClientIndex<string>();
  const sessionClients = new ClientIndex<number>();
  /** Connections that sent an empty client id: Aedes made theirs up (`aedes_{uuid}`), nobody else can hold it. */
  const generatedIds = new WeakSet<Client>();
  const aedes = await Aedes.createBroker({
    // A client whose socket stays full this long is dropped (it reconnects): until then every publish it
    // subscribes to waits for it, and past Aedes' 100 publishes in flight, so does everyone else's.
    drainTimeout: 5_000,
    maxClientsIdLength: 64,
    connectTimeout: limits.connectTimeoutMs,
  });

  aedes.preConnect = (client, packet, done) => {
    if (!packet.clientId) generatedIds.add(client);
    done(null, true);
  };

  aedes.authenticate = (client, username, password, done) => {
    authenticate(username ?? '', password?.toString('utf8') ?? '')
      .then(async (who) => {
        // Aedes drops the older connection of a client id: only the id's owner may take it (docs/DECISIONS.md).
        if (!generatedIds.has(client) && !(await mayUseClientId(deps.db, who, client.id))) {
          throw new ClientIdTaken(`client id ${client.id} does not belong to ${username}`);
        }
        identities.set(client, who);
        // Gone while we checked: Aedes will not report its disconnect, so it must not enter the indexes.
        if (client.closed) return done(null, false);
        if (who.kind === 'device') deviceClients.add(who.serial, client);
        else sessionClients.add(who.sessionId, client);
        done(null, true);
      })
      .catch((err: Error) =>
        done(refuse(err.message, err instanceof ClientIdTaken ? IDENTIFIER_REJECTED : BAD_LOGIN), false),
      );
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
    return ended.sessionIds?.includes(who.sessionId) ? packet : null;
  };

  // Every session end is announced on the user's session topic (sessions.ts `announceEnded`). The broker
  // hears it too and closes every connection of those sessions, subscribed or not, a moment after the
  // notice so a console that listens learns why first.
  aedes.subscribe(
    'user/+/+/session',
    (packet, next) => {
      next();
      let ended: Partial<SessionEndedMessage>;
      try {
        ended = JSON.parse(packet.payload.toString());
      } catch {
        return;
      }
      if (Array.isArray(ended.sessionIds)) dropSessions(ended.sessionIds);
    },
    () => {},
  );

  function dropSessions(sessionIds: number[]): void {
    const clients = sessionIds.flatMap((id) => sessionClients.take(id));
    if (clients.length === 0) return;
    setTimeout(() => {
      for (const c of clients) c.close();
    }, DROP_AFTER_END_MS).unref();
  }

  // A session also ends by expiring or idling, which nobody announces. Sessions that are no longer active are
  // resolved once more: that ends them with their code and announces it (so the listener above drops them).
  let checking = false;
  const sessionCheck = setInterval(async () => {
    const ids = sessionClients.keys();
    if (checking || ids.length === 0) return;
    checking = true;
    try {
      const active = new Set((await liveSessions(deps.db, { sessionIds: ids, activeAt: Date.now() })).map((r) => r.id));
      for (const id of ids.filter((i) => !active.has(i))) {
        const first = sessionClients.first(id);
        const who = first && identities.get(first);
        if (who?.kind === 'user') await resolveSession(deps.db, who.token, publish).catch(() => {});
        dropSessions([id]); // ended earlier, without a notice this broker heard
      }
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'mqtt session check failed');
    } finally {
      checking = false;
    }
  }, deps.sessionCheckMs ?? SESSION_CHECK_MS);
  sessionCheck.unref();

  aedes.on('clientDisconnect', (client) => {
    const who = identities.get(client);
    if (who?.kind === 'device') deviceClients.delete(who.serial, client);
    else if (who?.kind === 'user') sessionClients.delete(who.sessionId, client);
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
        (err) => {
          if (err) return reject(err);
          deps.bus?.tap?.down(topic, payload); // commands reach a watching /testing page
          resolve();
        },
      ),
    );

  const guard = (conn: Duplex) =>
    new GuardedConnection(conn, limits, (reason) => deps.log.debug({ reason }, 'mqtt connection refused'));
  // ws buffers a whole message before the guard sees it: cap it at the largest packet allowed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.packetMaxBytes + 8 });
  const tcpServers: NetServer[] = [];

  return {
    aedes,
    publish,
    attachWebSocket(server, other) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== MQTT_WS_PATH) {
          if (!other?.(req, socket, head)) socket.destroy();
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const stream = createWebSocketStream(ws);
          stream.on('error', () => ws.terminate());
          aedes.handle(guard(stream), req);
        });
      });
    },
    listenTcp(port, host) {
      const server = createServer((socket) => aedes.handle(guard(socket)));
      tcpServers.push(server);
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    },
    disconnectDevice(serial) {
      const clients = deviceClients.take(serial);
      for (const c of clients) c.close();
      return clients.length;
    },
    async close() {
      clearInterval(sessionCheck);
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
