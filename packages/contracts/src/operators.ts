/**
 * Who sent a command, as a person reads it. Automatic senders are stored as `program:<name>`
 * (irrigation programs), `smart:<name>` (smart irrigation rules) and `rule:<name>` (automation
 * rules); a person is stored by login name. The console and the exports phrase them from here.
 */
const SENDERS = {
  program: { zh: '程序', en: 'program' },
  smart: { zh: '智能规则', en: 'smart rule' },
  rule: { zh: '自动规则', en: 'automation rule' },
} as const;

export function operatorText(operator: string, lang: 'zh' | 'en'): string {
  const m = /^(program|smart|rule):(.*)$/s.exec(operator);
  if (!m) return operator;
  const kind = SENDERS[m[1] as keyof typeof SENDERS][lang];
  return lang === 'zh' ? `${kind}“${m[2]}”` : `${kind} "${m[2]}"`;
}
