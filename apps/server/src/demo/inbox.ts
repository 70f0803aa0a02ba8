import { parseArgs } from 'node:util';
import { mailText, startReceiver, startSmtp } from '../modules/alarms/testReceivers';

/**
 * `npm run demo:inbox`: a local SMTP server and webhook receiver that print every alarm message they
 * get, so the demo's e-mail and webhook deliveries can be watched without any outside service.
 * Start the console with SMTP_HOST=127.0.0.1 SMTP_PORT=2525 and give a contact the webhook
 * http://127.0.0.1:2526/farmpark (docs/ALARMS.md, "Demo").
 */
const { values } = parseArgs({
  options: { smtp: { type: 'string', default: '2525' }, webhook: { type: 'string', default: '2526' } },
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
  console.log(`${time()} e-mail to ${m.to.join(', ')}: ${subject}\n         ${firstLines(mailText(m.raw))}`);
});
const hook = await startReceiver(Number(values.webhook), (p) => {
  console.log(`${time()} webhook ${p.path}: ${JSON.stringify(p.body).slice(0, 300)}`);
});
console.log(`SMTP on 127.0.0.1:${smtp.port}, webhook on ${hook.url('/farmpark')}; Ctrl-C to stop`);
