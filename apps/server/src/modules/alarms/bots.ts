import { createHmac } from 'node:crypto';
import type { WebhookType } from '@farmpark/contracts';

/**
 * The group bots' own rules (docs/ALARMS.md "Group bots"): the card each platform shows, the signature
 * DingTalk and Feishu check, and how many messages each accepts. Pure: the outbox plans and the channel
 * posts; the local stand-ins (botStandIns.ts) check the same rules from the platform's side.
 */
export type BotType = Exclude<WebhookType, 'plain'>;
export const isBot = (type: string | null | undefined): type is BotType =>
  type === 'wecom' || type === 'dingtalk' || type === 'feishu';

/** Messages a bot accepts: per minute, and (Feishu) per second. */
export const BOT_LIMITS: Record<BotType, { perMinute: number; perSecond?: number }> = {
  wecom: { perMinute: 20 },
  dingtalk: { perMinute: 20 },
  feishu: { perMinute: 100, perSecond: 5 },
};
/** Alarms one digest lists (each a line with its own link): a WeCom markdown body stays under 4,096 bytes. */
export const DIGEST_SIZE = 10;
const MINUTE = 60_000;
const SECOND = 1000;

/** How many more messages the bot takes now, given the times of the messages it was sent in the last minute. */
export function botCapacity(type: BotType, sentTimes: number[], now: number): number {
  const { perMinute, perSecond } = BOT_LIMITS[type];
  const inMinute = sentTimes.filter((s) => s > now - MINUTE).length;
  const inSecond = sentTimes.filter((s) => s > now - SECOND).length;
  return Math.max(0, Math.min(perMinute - inMinute, perSecond === undefined ? perMinute : perSecond - inSecond));
}

/** When the bot takes a message again (now, when it already does). */
export function nextBotSlot(type: BotType, sentTimes: number[], now: number): number {
  const { perMinute, perSecond } = BOT_LIMITS[type];
  const recent = sentTimes.filter((s) => s > now - MINUTE).sort((a, b) => a - b);
  let at = now;
  if (recent.length >= perMinute) at = Math.max(at, recent[recent.length - perMinute] + MINUTE);
  const lastSecond = recent.filter((s) => s > now - SECOND);
  if (perSecond !== undefined && lastSecond.length >= perSecond)
    at = Math.max(at, lastSecond[lastSecond.length - perSecond] + SECOND);
  return at;
}

/**
 * Splits `waiting` notices into messages the bot takes now: each alone while there is room, otherwise as
 * many alone as leave room for digests of the rest (DIGEST_SIZE each). What does not fit waits (`later`).
 * Sizes are in the notices' order: a size of 1 is a notice alone, more is a digest.
 */
export function planBotMessages(waiting: number, capacity: number): { messages: number[]; later: number } {
  if (capacity <= 0) return { messages: [], later: waiting };
  if (waiting <= capacity) return { messages: Array(waiting).fill(1), later: 0 };
  let alone = capacity - 1;
  while (alone > 0 && alone + Math.ceil((waiting - alone) / DIGEST_SIZE) > capacity) alone--;
  const messages: number[] = Array(alone).fill(1);
  let left = waiting - alone;
  while (left > 0 && messages.length < capacity) {
    const n = Math.min(DIGEST_SIZE, left);
    messages.push(n);
    left -= n;
  }
  return { messages, later: left };
}

/** One alarm notice as the bot shows it. */
export interface BotNotice {
  subject: string;
  /** The notice's lines after the first ("级别：警告", …). */
  lines: string[];
  severity: string;
  /** The alarm's record in the console, where it is acknowledged ('' when no public address is set). */
  link: string;
}

const BUTTON = '查看并确认';
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const pairs = (lines: string[]) =>
  lines.map((l) => {
    const i = l.indexOf('：');
    return i < 0 ? { key: '', value: l } : { key: l.slice(0, i), value: l.slice(i + 1) };
  });
const quoted = (n: BotNotice) => [`### ${n.subject}`, ...n.lines.map((l) => `> ${l}`)].join('\n');
const FEISHU_COLOR: Record<string, string> = { critical: 'red', warning: 'orange', info: 'blue' };

function feishuCard(title: string, severity: string, markdown: string, link: string, button: string) {
  return {
    msg_type: 'interactive',
    card: {
      config: { wide_screen_mode: true },
      header: { title: { tag: 'plain_text', content: title }, template: FEISHU_COLOR[severity] ?? 'blue' },
      elements: [
        { tag: 'div', text: { tag: 'lark_md', content: markdown } },
        ...(link
          ? [
              {
                tag: 'action',
                actions: [{ tag: 'button', text: { tag: 'plain_text', content: button }, type: 'primary', url: link }],
              },
            ]
          : []),
      ],
    },
  };
}

/** The card of one notice: WeCom template_card, DingTalk actionCard, Feishu interactive; markdown without a link. */
export function noticeCard(type: BotType, n: BotNotice): Record<string, unknown> {
  if (type === 'wecom') {
    if (!n.link) return { msgtype: 'markdown', markdown: { content: quoted(n) } };
    return {
      msgtype: 'template_card',
      template_card: {
        card_type: 'text_notice',
        source: { desc: 'FarmPark 告警' },
        main_title: { title: clip(n.subject, 26) },
        horizontal_content_list: pairs(n.lines)
          .slice(0, 6)
          .map((p) => ({ keyname: clip(p.key, 5), value: clip(p.value, 26) })),
        card_action: { type: 1, url: n.link },
        jump_list: [{ type: 1, url: n.link, title: BUTTON }],
      },
    };
  }
  if (type === 'dingtalk') {
    if (!n.link) return { msgtype: 'markdown', markdown: { title: n.subject, text: quoted(n) } };
    return {
      msgtype: 'actionCard',
      actionCard: { title: n.subject, text: quoted(n), singleTitle: BUTTON, singleURL: n.link },
    };
  }
  const md = pairs(n.lines)
    .map((p) => (p.key ? `**${p.key}**：${p.value}` : p.value))
    .join('\n');
  return feishuCard(n.subject, n.severity, md, n.link, BUTTON);
}

/**
 * One message for several notices the bot could not take one by one: every notice a line with its own
 * link, and a button to the records page. `recordsLink` is '' when no public address is set.
 */
export function digestCard(type: BotType, notices: BotNotice[], recordsLink: string): Record<string, unknown> {
  const title = `告警汇总：${notices.length} 条（机器人限流，合并发送）`;
  const line = (n: BotNotice) => {
    const s = clip(n.subject, 60);
    return n.link ? `- [${s}](${n.link})` : `- ${s}`;
  };
  const body = notices.map(line).join('\n');
  const worst = notices.some((n) => n.severity === 'critical')
    ? 'critical'
    : notices.some((n) => n.severity === 'warning')
      ? 'warning'
      : 'info';
  if (type === 'wecom') return { msgtype: 'markdown', markdown: { content: `### ${title}\n${body}` } };
  if (type === 'dingtalk') {
    if (!recordsLink) return { msgtype: 'markdown', markdown: { title, text: `### ${title}\n${body}` } };
    return {
      msgtype: 'actionCard',
      actionCard: { title, text: `### ${title}\n${body}`, singleTitle: '打开告警记录', singleURL: recordsLink },
    };
  }
  return feishuCard(title, worst, body, recordsLink, '打开告警记录');
}

/** DingTalk 加签 and Feishu 签名校验: HMAC-SHA256, Base64. */
export function botSignature(type: 'dingtalk' | 'feishu', timestamp: string, secret: string): string {
  const toSign = `${timestamp}\n${secret}`;
  // DingTalk keys the HMAC with the secret over the string; Feishu keys it with the string over nothing
  const mac = type === 'dingtalk' ? createHmac('sha256', secret).update(toSign) : createHmac('sha256', toSign);
  return mac.digest('base64');
}

/**
 * The URL and body to post: DingTalk's timestamp (ms) and sign go in the query, Feishu's timestamp
 * (seconds) and sign in the body; an empty secret sends as is.
 */
export function signedRequest(type: BotType, url: string, secret: string, body: object, now: number) {
  if (!secret || type === 'wecom') return { url, body };
  if (type === 'dingtalk') {
    const timestamp = String(now);
    const u = new URL(url);
    u.searchParams.set('timestamp', timestamp);
    u.searchParams.set('sign', botSignature('dingtalk', timestamp, secret));
    return { url: u.toString(), body };
  }
  const timestamp = String(Math.floor(now / 1000));
  return { url, body: { timestamp, sign: botSignature('feishu', timestamp, secret), ...body } };
}

/** A bot's refusal because of its rate limit (WeCom 45009, DingTalk 410100/130101, Feishu 11232). */
export const RATE_LIMIT_CODES: Record<BotType, number[]> = {
  wecom: [45009],
  dingtalk: [410100, 130101],
  feishu: [11232],
};
/** A bot's refusal because the signature does not match (DingTalk 310000, Feishu 19021): the secret is wrong. */
export const SIGN_FAIL_CODES: Record<BotType, number[]> = { wecom: [], dingtalk: [310000], feishu: [19021] };

/** The platform's answer: WeCom and DingTalk `{errcode, errmsg}`, Feishu `{code, msg}`. */
export function botReply(body: unknown): { code: number; msg: string } {
  const b = (body ?? {}) as { errcode?: number; errmsg?: string; code?: number; msg?: string; StatusCode?: number };
  return { code: b.errcode ?? b.code ?? 0, msg: b.errmsg ?? b.msg ?? '' };
}
