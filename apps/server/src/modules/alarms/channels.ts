import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { type BotType, botReply, RATE_LIMIT_CODES, SIGN_FAIL_CODES, signedRequest } from './bots';

/** A delivery that cannot succeed by retrying (nothing configured, no address, a wrong secret): failed at once. */
export class PermanentFailure extends Error {}
/** A bot refused because of its rate limit: the notices wait for its next free slot, no attempt counted. */
export class RateLimited extends Error {}

export interface OutgoingMessage {
  subject: string;
  text: string;
  /** Plain JSON webhooks get the alarm itself. */
  data: Record<string, unknown>;
  /** E-mail only: files attached (a park report's PDF and XLSX). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Channels {
  email(to: string, m: OutgoingMessage): Promise<void>;
  /** A plain JSON webhook. */
  webhook(url: string, m: OutgoingMessage): Promise<void>;
  /** A group bot's card (bots.ts), signed when the contact has the bot's secret. */
  bot(url: string, type: BotType, secret: string, card: object): Promise<void>;
  sms(phone: string, m: OutgoingMessage): Promise<void>;
  close(): void;
}

const TIMEOUT_MS = 10_000;

/** What a plain webhook gets: the subject, the text and the alarm itself. */
export function webhookBody(m: OutgoingMessage): unknown {
  return { subject: m.subject, text: m.text, ...m.data };
}

async function postJson(url: string, body: unknown): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${new URL(url).host}`);
  return res;
}

/** `now`: the clock signatures are timestamped with (the tests' simulated one). */
export function createChannels(config: Pick<Config, 'smtp' | 'smsGatewayUrl'>, now: () => number = Date.now): Channels {
  let transport: Transporter | null = null;
  const mailer = () => {
    if (!config.smtp.host) throw new PermanentFailure('SMTP not configured (SMTP_HOST is empty)');
    transport ??= nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    return transport;
  };
  return {
    async email(to, m) {
      if (!to) throw new PermanentFailure('contact has no e-mail address');
      await mailer().sendMail({
        from: config.smtp.from,
        to,
        subject: m.subject,
        text: m.text,
        attachments: m.attachments,
      });
    },
    async webhook(url, m) {
      if (!url) throw new PermanentFailure('contact has no webhook URL');
      await postJson(url, webhookBody(m));
    },
    async bot(url, type, secret, card) {
      if (!url) throw new PermanentFailure('contact has no webhook URL');
      const req = signedRequest(type, url, secret, card, now());
      const res = await postJson(req.url, req.body);
      // The bots answer HTTP 200 with a code: anything but 0 is a refusal.
      const { code, msg } = botReply(await res.json().catch(() => ({})));
      if (code === 0) return;
      const text = `${type} refused: ${code} ${msg}`.trim();
      if (RATE_LIMIT_CODES[type].includes(code)) throw new RateLimited(text);
      if (SIGN_FAIL_CODES[type].includes(code)) throw new PermanentFailure(`${text} (check the signing secret)`);
      throw new Error(text);
    },
    async sms(phone, m) {
      if (!config.smsGatewayUrl) throw new PermanentFailure('SMS not configured (SMS_GATEWAY_URL is empty)');
      if (!phone) throw new PermanentFailure('contact has no phone number');
      await postJson(config.smsGatewayUrl, { phone, text: `${m.subject}\n${m.text}` });
    },
    close() {
      transport?.close();
    },
  };
}
