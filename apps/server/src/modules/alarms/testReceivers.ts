import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps what it receives (tests, and the demo inbox). */
export async function startSmtp(port = 0, onMail?: (m: { to: string[]; raw: string }) => void) {
  const mails: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        mails.push(mail);
        onMail?.(mail);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return { mails, port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A message's parts (a multipart one's, else itself), with their header unfolded and their body. */
export function mailParts(raw: string): { head: string; body: string }[] {
  const split = (part: string) => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    return { head: head.replace(/\r?\n[ \t]+/g, ' '), body: rest.join('\n\n') };
  };
  const whole = split(raw);
  const boundary = /boundary="?([^";\s]+)/i.exec(whole.head)?.[1];
  if (!boundary) return [whole];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => mailParts(p.replace(/^\r?\n/, '')));
}

/** The decoded text body of a message (its first text/plain part; base64 or quoted-printable). */
export function mailText(raw: string): string {
  const parts = mailParts(raw);
  const { head, body } = parts.find((p) => /content-type:\s*text\/plain/i.test(p.head)) ?? parts[0];
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** An HTTP receiver on 127.0.0.1: records JSON posts; answers with the queued statuses, then 200. */
export async function startReceiver(listenPort = 0, onPost?: (p: { path: string; body: unknown }) => void) {
  const posts: { path: string; body: unknown }[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString('utf8');
    });
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      if (status === 200) {
        const post = { path: req.url ?? '', body: JSON.parse(data) as unknown };
        posts.push(post);
        onPost?.(post);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { errcode: 0, errmsg: 'ok' } : { error: 'down' }));
    });
  });
  return { posts, statuses, ...(await listenLocal(server, listenPort)) };
}

/** Starts an HTTP server on 127.0.0.1 (`port` 0: any free one): its address by path, and how to stop it. */
export async function listenLocal(server: Server, port: number) {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${bound}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
