import { parseArgs } from 'node:util';
import { startBotStandIn } from '../modules/alarms/botStandIns';
import { mailParts, mailText, startReceiver, startSmtp } from '../modules/alarms/testReceivers';
import { DEMO_BOT } from './alarmsSeed';

/**
 * `npm run demo:inbox`: a local SMTP server, webhook receiver and group-bot stand-ins (WeCom, DingTalk,
 * Feishu: signatures and rate limits checked as the platforms do) that print every alarm message they
 * get (a park report's attachments by name), so the demo's e-mail, webhook and bot deliveries can be watched
 * without any outside service.
 * The demo's Feishu bot contact posts to the stand-in on 2527.
 * Start the console with SMTP_HOST=127.0.0.1 SMTP_PORT=2525 and give a contact the webhook
 * http://127.0.0.1:2526/farmpark (docs/ALARMS.md, "Demo").
 */
const { values } = parseArgs({
  options: {
    smtp: { type: 'string', default: '2525' },
    webhook: { type: 'string', default: '2526' },
    bots: { type: 'string', default: '2527' },
  },
});
const time = () => new Date().toLocaleTimeString('en-GB', { hour12: false });
/** RFC 2047 encoded words (nodemailer encodes a Chinese subject). */
const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (__, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
const firstLines = (text: string) => text.trim().split(/\r?\n/).slice(0, 3).join(' | ');

const smtp = await startSmtp(Number(values.smtp), (m) => {
  const subject = decodeWords(/^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(m.raw)?.[1] ?? '');
  // a park report's PDF and XLSX: their names and types
  const files = mailParts(m.raw).flatMap((p) => {
    if (!/content-disposition:\s*attachment/i.test(p.head)) return [];
    const name = /content-type:[^\n]*?name="([^"]+)"/i.exec(p.head)?.[1];
    return name ? [`${decodeWords(name)} (${/content-type:\s*([^;\s]+)/i.exec(p.head)?.[1]})`] : [];
  });
  const attached = files.length ? `\n         attached: ${files.join(', ')}` : '';
  console.log(`${time()} e-mail to ${m.to.join(', ')}: ${subject}\n         ${firstLines(mailText(m.raw))}${attached}`);
});
const hook = await startReceiver(Number(values.webhook), (p) => {
  console.log(`${time()} webhook ${p.path}: ${JSON.stringify(p.body).slice(0, 300)}`);
});
const bots = await startBotStandIn({
  port: Number(values.bots),
  secrets: { [DEMO_BOT.path]: DEMO_BOT.secret },
  onPost: (p) => console.log(`${time()} ${p.type} bot ${p.bot}: ${JSON.stringify(p.body).slice(0, 300)}`),
  onRefuse: (bot, reason) => console.log(`${time()} bot ${bot} REFUSED (${reason})`),
});
console.log(`group bots on ${bots.url('/{wecom|dingtalk|feishu}/<name>')}`);
console.log(`SMTP on 127.0.0.1:${smtp.port}, webhook on ${hook.url('/farmpark')}; Ctrl-C to stop`);
