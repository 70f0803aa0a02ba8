import type { WebhookType } from '@farmpark/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

/** A delivery that cannot succeed by retrying (nothing configured, no address): failed at once. */
export class PermanentFailure extends Error {}

export interface OutgoingMessage {
  subject: string;
  text: string;
  markdown: string;
  /** Plain JSON webhooks get the alarm itself. */
  data: Record<string, unknown>;
}

export interface Channels {
  email(to: string, m: OutgoingMessage): Promise<void>;
  webhook(url: string, type: WebhookType, m: OutgoingMessage): Promise<void>;
  sms(phone: string, m: OutgoingMessage): Promise<void>;
  close(): void;
}

const TIMEOUT_MS = 10_000;

/** The body each bot expects: WeCom and DingTalk group bots take markdown; plain gets JSON. */
export function webhookBody(type: WebhookType, m: OutgoingMessage): unknown {
  if (type === 'wecom') return { msgtype: 'markdown', markdown: { content: m.markdown } };
  if (type === 'dingtalk') return { msgtype: 'markdown', markdown: { title: m.subject, text: m.markdown } };
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

export function createChannels(config: Pick<Config, 'smtp' | 'smsGatewayUrl'>): Channels {
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
      await mailer().sendMail({ from: config.smtp.from, to, subject: m.subject, text: m.text });
    },
    async webhook(url, type, m) {
      if (!url) throw new PermanentFailure('contact has no webhook URL');
      const res = await postJson(url, webhookBody(type, m));
      if (type !== 'plain') {
        // The bots answer HTTP 200 with {errcode, errmsg}; a non-zero errcode is a refusal.
        const body = (await res.json().catch(() => ({}))) as { errcode?: number; errmsg?: string };
        if (body.errcode !== undefined && body.errcode !== 0)
          throw new Error(`${type} refused: ${body.errcode} ${body.errmsg ?? ''}`.trim());
      }
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
