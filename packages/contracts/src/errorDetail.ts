import { VALUE_MESSAGES } from './valueMessages';

/**
 * What an error envelope's `data` holds for a validation (1001) or business error (ARCHITECTURE
 * "Messages"): which field, which rule, which values. `msg` stays a sentence in the caller's language;
 * the console phrases these items itself (with the field's own label) and puts each under its field.
 */
export interface ErrorDetail {
  /** The body or query field, dotted for nested ones (`condition.high`); absent for the whole request. */
  field?: string;
  rule: ErrorRule;
  params?: Record<string, string | number>;
}

export type ErrorLang = 'zh' | 'en';
type Phrase = (field: string, p: Record<string, string | number>) => string;

/**
 * The named patterns a schema may declare (`.regex(re, PATTERN_MESSAGES.digit)`): the error names
 * the pattern itself, so no one has to guess what a regular expression wanted.
 */
export const PATTERN_MESSAGES = {
  letter: 'must contain a letter',
  digit: 'must contain a digit',
  hhmm: 'must be a time HH:mm',
} as const;
type PatternName = keyof typeof PATTERN_MESSAGES;

/** One table per language; the server and the console phrase from the same words. */
const PHRASES = {
  // Schema rules.
  required: { en: (f) => `${f} is required`, zh: (f) => `请填写${f}` },
  minLength: {
    en: (f, p) => `${f} needs at least ${p.min} characters`,
    zh: (f, p) => `${f}至少 ${p.min} 个字符`,
  },
  maxLength: { en: (f, p) => `${f} is at most ${p.max} characters`, zh: (f, p) => `${f}最多 ${p.max} 个字符` },
  min: { en: (f, p) => `${f} must be at least ${p.min}`, zh: (f, p) => `${f}不能小于 ${p.min}` },
  max: { en: (f, p) => `${f} must be at most ${p.max}`, zh: (f, p) => `${f}不能大于 ${p.max}` },
  minItems: { en: (f, p) => `choose at least ${p.min} for ${f}`, zh: (f, p) => `${f}至少选择 ${p.min} 项` },
  maxItems: { en: (f, p) => `choose at most ${p.max} for ${f}`, zh: (f, p) => `${f}最多选择 ${p.max} 项` },
  number: { en: (f) => `${f} must be a number`, zh: (f) => `${f}必须是数字` },
  integer: { en: (f) => `${f} must be a whole number`, zh: (f) => `${f}必须是整数` },
  boolean: { en: (f) => `${f} must be yes or no`, zh: (f) => `${f}只能是“是”或“否”` },
  id: { en: (f) => `choose a ${f}`, zh: (f) => `请选择${f}` },
  list: { en: (f) => `${f} must be a list`, zh: (f) => `${f}必须是列表` },
  time: { en: (f) => `${f} must be a date and time`, zh: (f) => `${f}必须是日期时间` },
  object: { en: (f) => `${f} is not readable`, zh: (f) => `${f}格式无法读取` },
  oneOf: { en: (f, p) => `${f} must be one of ${p.values}`, zh: (f, p) => `${f}只能是 ${p.values} 之一` },
  letter: { en: (f) => `${f} must contain a letter`, zh: (f) => `${f}必须包含字母` },
  digit: { en: (f) => `${f} must contain a digit`, zh: (f) => `${f}必须包含数字` },
  hhmm: { en: (f) => `${f} must be a time such as 08:30`, zh: (f) => `${f}须为时间，如 08:30` },
  invalid: { en: (f) => `${f} is not valid`, zh: (f) => `${f}无效` },
  // Business rules (the server checks them against stored data).
  duplicate: {
    en: (f, p) => `${f} "${p.value}" already exists`,
    zh: (f, p) => `${f}“${p.value}”已存在`,
  },
  taken: { en: (f, p) => `${f} "${p.value}" is already registered`, zh: (f, p) => `${f}“${p.value}”已被登记` },
  unavailable: {
    en: (f, p) => `${f} "${p.value}" cannot be registered; check it on the device`,
    zh: (f, p) => `${f}“${p.value}”无法登记，请核对设备上的编号`,
  },
  inUse: {
    en: (f, p) => `${f} is still used by ${p.count}; move them first`,
    zh: (f, p) => `${f}仍被 ${p.count} 个对象使用，请先移除`,
  },
  outOfStock: {
    en: (f, p) =>
      p.material === undefined
        ? `${f} is more than is in stock`
        : `${f} is more than is in stock: ${p.material} has ${p.left} ${p.unit} left (${p.asked} needed)`,
    zh: (f, p) =>
      p.material === undefined
        ? `${f}超出库存`
        : `${f}超出库存：${p.material}仅剩 ${p.left} ${p.unit}（需要 ${p.asked} ${p.unit}）`,
  },
  lowAboveHigh: { en: (f) => `${f} must be above the low value`, zh: (f) => `${f}必须大于下限` },
  wrong: { en: (f) => `${f} is wrong`, zh: (f) => `${f}不正确` },
  // A harvest inside a sprayed pesticide's safety interval; without the spraying's params, the rule alone.
  safetyInterval: {
    en: (f, p) =>
      p.firstDay === undefined
        ? `${f} is inside a pesticide safety interval`
        : `${f} must be ${p.firstDay} or later: ${p.pesticide} was sprayed on ${p.sprayedOn} (safety interval)`,
    zh: (f, p) =>
      p.firstDay === undefined
        ? `${f}在农药安全间隔期内`
        : `${f}不能早于 ${p.firstDay}：${p.sprayedOn} 喷施了${p.pesticide}，尚在安全间隔期内`,
  },
  sameAsOld: { en: (f) => `${f} must differ from the old one`, zh: (f) => `${f}不能与原来的相同` },
} satisfies Record<string, Record<ErrorLang, Phrase>>;

export type ErrorRule = keyof typeof PHRASES;
export const ERROR_RULES = Object.keys(PHRASES) as ErrorRule[];

/** The detail as a sentence; `label` is the field's name as the reader knows it (a form label). */
export function phraseDetail(detail: ErrorDetail, lang: ErrorLang, label?: string): string {
  const field = label ?? detail.field ?? (lang === 'zh' ? '该项' : 'this');
  const phrase = (PHRASES[detail.rule] ?? PHRASES.invalid)[lang];
  return phrase(field, detail.params ?? {});
}

/** A zod issue as the type provider and `safeParse` give it (the fields the rules need). */
export interface IssueLike {
  code?: string;
  /** zod's `keyword` in fastify-type-provider-zod's validation entries. */
  keyword?: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  values?: readonly unknown[];
  params?: Record<string, unknown>;
}

const VALUE_RULES = Object.entries(VALUE_MESSAGES) as [keyof typeof VALUE_MESSAGES, string][];

/**
 * The rule a zod issue broke, from the issue's own code and bounds (and, for a pattern, the name the
 * schema declared through PATTERN_MESSAGES); a custom refinement names its rule in `params.rule`.
 */
export function issueDetail(issue: IssueLike, field?: string): ErrorDetail {
  const at = field ? { field } : {};
  const code = issue.code ?? issue.keyword;
  const message = issue.message ?? '';
  const customRule = issue.params?.rule;
  if (typeof customRule === 'string' && customRule in PHRASES) {
    // a cross-field rule carries its values beside its name ({rule: 'min', min: 5})
    const params = Object.fromEntries(
      Object.entries(issue.params ?? {}).filter(
        ([k, v]) => k !== 'rule' && (typeof v === 'string' || typeof v === 'number'),
      ),
    ) as Record<string, string | number>;
    return { ...at, rule: customRule as ErrorRule, ...(Object.keys(params).length > 0 ? { params } : {}) };
  }
  const value = VALUE_RULES.find(([, text]) => message === text || message.endsWith(` ${text}`));
  if (value) return { ...at, rule: value[0] };
  switch (code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { ...at, rule: 'required' } : { ...at, rule: 'minLength', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { ...at, rule: 'minItems', params: { min } };
      return { ...at, rule: 'min', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { ...at, rule: 'maxLength', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { ...at, rule: 'maxItems', params: { max } };
      return { ...at, rule: 'max', params: { max } };
    }
    case 'invalid_type':
      return { ...at, rule: issue.input === undefined ? 'required' : 'invalid' };
    case 'invalid_value':
      return { ...at, rule: 'oneOf', params: { values: (issue.values ?? []).join(', ') } };
    case 'invalid_format': {
      const named = (Object.entries(PATTERN_MESSAGES) as [PatternName, string][]).find(([, text]) =>
        message.endsWith(text),
      );
      return { ...at, rule: named ? named[0] : 'invalid' };
    }
    default:
      return { ...at, rule: 'invalid' };
  }
}

/**
 * The same table as i18next templates (`{{field}} needs at least {{min}} characters`), so the
 * console's `validation.<rule>` messages are these words and not a second copy.
 */
export function phraseTemplates(lang: ErrorLang): Record<ErrorRule, string> {
  const slots = {
    min: '{{min}}',
    max: '{{max}}',
    value: '{{value}}',
    count: '{{count}}',
    values: '{{values}}',
    // safetyInterval (production harvests)
    pesticide: '{{pesticide}}',
    sprayedOn: '{{sprayedOn}}',
    firstDay: '{{firstDay}}',
    // outOfStock (production stock)
    material: '{{material}}',
    left: '{{left}}',
    unit: '{{unit}}',
    asked: '{{asked}}',
  };
  return Object.fromEntries(ERROR_RULES.map((rule) => [rule, PHRASES[rule][lang]('{{field}}', slots)])) as Record<
    ErrorRule,
    string
  >;
}
