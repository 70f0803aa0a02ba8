import type { Db } from '../db/connect';
import { registeredSerials } from '../modules/devices/repo';

/** Whose MQTT client id this is: a broker drops the older connection of a client id, so ids belong to one identity. */
export type ClientIdOwner = { kind: 'device'; serial: string } | { kind: 'user'; userId: number } | null;

/** The identity a connection authenticated as, in the terms the client id rule needs. */
export type ClientIdentity = { kind: 'device'; serial: string } | { kind: 'user'; userId: number };

/** A console's client id: `u{userId}_` and anything after (the console adds random hex). */
const CONSOLE_ID = /^u(\d+)_./;

/** The id itself and each of its prefixes that ends before a `-` or `_`: every serial the id may extend. */
function serialCandidates(clientId: string): string[] {
  const out = [clientId];
  for (let i = 1; i < clientId.length; i++) {
    if (clientId[i] === '-' || clientId[i] === '_') out.push(clientId.slice(0, i));
  }
  return out;
}

/**
 * A device owns its serial and `{serial}-...` / `{serial}_...`. Serials may themselves contain `-` and
 * `_`, so the longest registered serial wins: device `AB` cannot claim `AB-1-x` while a device `AB-1`
 * exists (it would otherwise push `AB-1` off). Ids no device owns and shaped `u{userId}_...` are that
 * user's consoles. Anything else belongs to nobody and is refused.
 */
export async function clientIdOwner(db: Db, clientId: string): Promise<ClientIdOwner> {
  if (!clientId) return null;
  const serials = await registeredSerials(db, serialCandidates(clientId));
  const longest = serials.sort((a, b) => b.length - a.length)[0];
  if (longest) return { kind: 'device', serial: longest };
  const user = CONSOLE_ID.exec(clientId);
  return user ? { kind: 'user', userId: Number(user[1]) } : null;
}

export async function mayUseClientId(db: Db, who: ClientIdentity, clientId: string): Promise<boolean> {
  const owner = await clientIdOwner(db, clientId);
  if (!owner) return false;
  if (owner.kind === 'device') return who.kind === 'device' && who.serial === owner.serial;
  return who.kind === 'user' && who.userId === owner.userId;
}
