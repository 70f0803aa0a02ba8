import { createServer } from 'node:http';
import { BOT_LIMITS, type BotType, botSignature, isBot } from './bots';
import { listenLocal } from './testReceivers';

/** A message a stand-in accepted: which bot (its path), when, the body without Feishu's timestamp and sign. */
export interface BotPost {
  bot: string;
  type: BotType;
  at: number;
  body: Record<string, unknown>;
}

const HOUR = 3_600_000;
/** DingTalk shuts a bot that went past its limit for 10 minutes. */
const DINGTALK_PENALTY = 10 * 60_000;

/** The platform's refusals, in its own words. */
const REFUSE = {
  wecom: {
    limit: { errcode: 45009, errmsg: 'api freq out of limit' },
    bad: { errcode: 40008, errmsg: 'invalid message type' },
  },
  dingtalk: {
    limit: { errcode: 410100, errmsg: 'send too fast, exceed 20 times per minute' },
    sign: { errcode: 310000, errmsg: 'sign not match' },
    bad: { errcode: 40035, errmsg: 'invalid msgtype' },
  },
  feishu: {
    limit: { code: 11232, msg: 'frequency limited' },
    sign: { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' },
    bad: { code: 9499, msg: 'Bad Request' },
  },
} as const;
const OK = {
  wecom: { errcode: 0, errmsg: 'ok' },
  dingtalk: { errcode: 0, errmsg: 'ok' },
  feishu: { code: 0, msg: 'success' },
};

/** The message kinds the alarm cards use, checked as each platform checks them. */
function wellFormed(type: BotType, b: Record<string, unknown>): boolean {
  const o = (v: unknown) => (v ?? {}) as Record<string, unknown>;
  if (type === 'wecom') {
    if (b.msgtype === 'markdown') {
      const content = String(o(b.markdown).content ?? '');
      return content !== '' && Buffer.byteLength(content) <= 4096;
    }
    return b.msgtype === 'template_card' && typeof o(o(b.template_card).card_action).url === 'string';
  }
  if (type === 'dingtalk') {
    if (b.msgtype === 'markdown') return Boolean(o(b.markdown).title && o(b.markdown).text);
    return b.msgtype === 'actionCard' && Boolean(o(b.actionCard).text && o(b.actionCard).singleURL);
  }
  return b.msg_type === 'interactive' && Array.isArray(o(b.card).elements);
}

/**
 * Local stand-ins of the WeCom, DingTalk and Feishu group-bot APIs on 127.0.0.1, for the tests and the demo
 * (`npm run demo:inbox`). The first path segment names the platform (`/wecom/…`, `/dingtalk/…`, `/feishu/…`);
 * the whole path is one bot. Each checks what its platform checks: the signature of a bot given a secret in
 * `secrets` (by path; timestamp within an hour), the message kind, and the rate limit (BOT_LIMITS), answering
 * as the platform does when one fails. `now` is the clock the limits and the timestamps are judged by.
 */
export async function startBotStandIn(
  opts: {
    port?: number;
    secrets?: Record<string, string>;
    now?: () => number;
    onPost?: (p: BotPost) => void;
    onRefuse?: (bot: string, reason: 'limit' | 'sign' | 'bad') => void;
  } = {},
) {
  const now = opts.now ?? Date.now;
  const posts: BotPost[] = [];
  /** Refusals by reason: a sender that keeps the rules causes none. */
  const refused = { limit: 0, sign: 0, bad: 0 };
  const accepted = new Map<string, number[]>();
  const blockedUntil = new Map<string, number>();

  function answer(bot: string, type: BotType, query: URLSearchParams, body: Record<string, unknown>) {
    const t = now();
    const secret = opts.secrets?.[bot];
    if (secret && type !== 'wecom') {
      const ts = String(type === 'dingtalk' ? query.get('timestamp') : body.timestamp);
      const ms = type === 'dingtalk' ? Number(ts) : Number(ts) * 1000;
      const sign = type === 'dingtalk' ? query.get('sign') : body.sign;
      if (!(Math.abs(t - ms) <= HOUR && sign === botSignature(type, ts, secret))) {
        refused.sign++;
        opts.onRefuse?.(bot, 'sign');
        return REFUSE[type].sign;
      }
    }
    const { timestamp: _t, sign: _s, ...message } = body;
    if (!wellFormed(type, message)) {
      refused.bad++;
      opts.onRefuse?.(bot, 'bad');
      return REFUSE[type].bad;
    }
    const { perMinute, perSecond } = BOT_LIMITS[type];
    const times = (accepted.get(bot) ?? []).filter((a) => a > t - 60_000);
    const over =
      (blockedUntil.get(bot) ?? 0) > t ||
      times.length >= perMinute ||
      (perSecond !== undefined && times.filter((a) => a > t - 1000).length >= perSecond);
    if (over) {
      refused.limit++;
      opts.onRefuse?.(bot, 'limit');
      if (type === 'dingtalk') blockedUntil.set(bot, t + DINGTALK_PENALTY);
      return REFUSE[type].limit;
    }
    accepted.set(bot, [...times, t]);
    const post = { bot, type, at: t, body: message };
    posts.push(post);
    opts.onPost?.(post);
    return OK[type];
  }

  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString('utf8');
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const type = url.pathname.split('/')[1];
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(data) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (!isBot(type) || req.method !== 'POST' || body === null) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'no such bot' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(url.pathname, type, url.searchParams, body)));
    });
  });
  return { posts, refused, ...(await listenLocal(server, opts.port ?? 0)) };
}
