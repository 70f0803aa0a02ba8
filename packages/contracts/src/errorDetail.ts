import { type ErrorLang, type ErrorRule, isErrorRule, PHRASES } from './errorPhrases';
import { type FieldNames, fieldName } from './fieldNames';

export { ERROR_RULES, type ErrorLang, type ErrorRule, isErrorRule } from './errorPhrases';
export { type FieldNames, fieldName, hasFieldName } from './fieldNames';

/**
 * What an error envelope's `data` holds for a validation (1001) or business error (ARCHITECTURE
 * "Messages"): which field, which rule, which values. The server's `msg` and the console both phrase
 * these items (the console with its form's labels, under each field).
 */
export interface ErrorDetail {
  /** The body or query field, dotted for nested ones (`stages.2.ranges.0.max`); absent for the whole request. */
  field?: string;
  rule: ErrorRule;
  /** The rule's values; `other` / `others` name sibling fields (keys), phrased by their names. */
  params?: Record<string, string | number>;
}

type Params = Record<string, string | number>;

/**
 * How a contracts schema names the rule a check enforces. A built-in check's message is the rule's
 * name (`.regex(DATE, named('date'))`): the bounds come from the issue itself.
 */
export const named = (name: ErrorRule): ErrorRule => name;

/** A refinement's options (`.refine(test, refinement('checkDigit'))`): the rule, its params, the field a person fixes. */
export const refinement = (name: ErrorRule, params?: Params, path?: (string | number)[]) => ({
  message: name,
  params: { rule: name, ...params },
  ...(path ? { path } : {}),
});

/** Where a list repeats an earlier value (the row a person would fix), or -1. */
export function repeatedAt(values: readonly unknown[]): number {
  return values.findIndex((v, i) => values.indexOf(v) !== i);
}

/** A superRefine issue: the field a person would fix (`['transplantedOn']`), the rule and its params. */
export const ruleIssue = (path: (string | number)[], name: ErrorRule, params?: Params) => ({
  code: 'custom' as const,
  path,
  message: name,
  params: { rule: name, ...params },
});

const join = (names: string[], lang: ErrorLang, word: 'or' | 'and') => {
  if (names.length <= 1) return names[0] ?? '';
  const last = names[names.length - 1];
  const head = names.slice(0, -1).join(lang === 'zh' ? '、' : ', ');
  if (lang === 'zh') return `${head}${word === 'or' ? '或' : '和'}${last}`;
  return `${head} ${word} ${last}`;
};

const sentence = (text: string, lang: ErrorLang) =>
  lang === 'en' ? text.charAt(0).toUpperCase() + text.slice(1) : text;

/**
 * The detail as a sentence. `label` is the field's name as the reader knows it (a form label); `names`
 * gives the names of other fields (a form's labels), before contracts' own table (fieldNames.ts).
 */
export function phraseDetail(detail: ErrorDetail, lang: ErrorLang, label?: string, names?: FieldNames): string {
  const nameOf = (key: string) => fieldName(key, lang, names);
  const field = label ?? (detail.field ? nameOf(detail.field) : lang === 'zh' ? '该项' : 'this');
  const { other, others, ...rest } = detail.params ?? {};
  const p: Params = { ...rest };
  p.other = other === undefined ? (lang === 'zh' ? '另一项' : 'the other field') : nameOf(String(other));
  const group = [
    field,
    ...String(others ?? '')
      .split(',')
      .filter(Boolean)
      .map(nameOf),
  ];
  p.anyOf = join(group, lang, 'or');
  p.allOf = join(group, lang, 'and');
  const phrase = (PHRASES[detail.rule] ?? PHRASES.invalid)[lang];
  return sentence(phrase(field, p), lang);
}

/** Several details as one message (the envelope `msg`), each once. */
export function phraseDetails(details: readonly ErrorDetail[], lang: ErrorLang, names?: FieldNames): string {
  const all = details.map((d) => phraseDetail(d, lang, undefined, names));
  return [...new Set(all)].join(lang === 'zh' ? '；' : '; ');
}

/** A zod issue as the type provider and `safeParse` give it (the fields the rules need). */
export interface IssueLike {
  code?: string;
  /** zod's `keyword` in fastify-type-provider-zod's validation entries. */
  keyword?: string;
  message?: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  input?: unknown;
  values?: readonly unknown[];
  params?: Record<string, unknown>;
  path?: readonly PropertyKey[];
}

/** A refinement's params without the rule's own name, kept only when they are plain values. */
function ownParams(params: Record<string, unknown> | undefined): Params | undefined {
  const out: Params = {};
  for (const [k, v] of Object.entries(params ?? {}))
    if (k !== 'rule' && (typeof v === 'string' || typeof v === 'number')) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/**
 * A value of the wrong type, or none at all. zod keeps the input out of its issues; its own message
 * says what it received ("expected array, received string").
 */
function missing(issue: IssueLike): boolean {
  if ('input' in issue) return issue.input === undefined;
  const received = /received (\w+)/.exec(issue.message ?? '')?.[1];
  return received === undefined || received === 'undefined';
}

const TYPE_RULES: Record<string, ErrorRule> = { number: 'number', boolean: 'boolean', array: 'list', object: 'object' };

/** The rule a zod issue broke and its values, from the issue's own code and bounds. */
function issueRule(issue: IssueLike): { rule: ErrorRule; params?: Params } {
  const code = issue.code ?? issue.keyword;
  const list = issue.origin === 'array' || issue.origin === 'set';
  switch (code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { rule: 'required' } : { rule: 'minLength', params: { min } };
      if (list) return { rule: 'minItems', params: { min } };
      return { rule: issue.inclusive === false ? 'moreThan' : 'min', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { rule: 'maxLength', params: { max } };
      if (list) return { rule: 'maxItems', params: { max } };
      return { rule: issue.inclusive === false ? 'lessThan' : 'max', params: { max } };
    }
    case 'invalid_type':
      return { rule: missing(issue) ? 'required' : (TYPE_RULES[issue.expected ?? ''] ?? 'invalid') };
    case 'invalid_value':
      return { rule: 'oneOf', params: { values: (issue.values ?? []).join(', ') } };
    case 'invalid_format':
      return { rule: issue.format === 'email' ? 'email' : issue.format === 'url' ? 'url' : 'invalid' };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * The detail of a zod issue: a refinement names its rule in `params.rule` (contracts `refinement`,
 * `ruleIssue`), a built-in check in its message (`named`); otherwise the issue's code and bounds tell.
 */
export function issueDetail(issue: IssueLike, field?: string): ErrorDetail {
  const at = field ? { field } : {};
  const declared = issue.params?.rule;
  if (isErrorRule(declared)) {
    const params = ownParams(issue.params);
    return { ...at, rule: declared, ...(params ? { params } : {}) };
  }
  const derived = issueRule(issue);
  if (isErrorRule(issue.message) && issue.message !== derived.rule) return { ...at, rule: issue.message };
  return { ...at, ...derived };
}

/** The path of a zod issue as a detail's field (`stages.2.ranges.0.max`), under an optional prefix. */
export const issueField = (issue: { path?: readonly PropertyKey[] }, prefix?: string): string | undefined =>
  [prefix, ...(issue.path ?? []).map(String)].filter((p) => p !== undefined && p !== '').join('.') || undefined;

/** zod issues as details (a schema parsed outside a route: an upload's query, a device command's params). */
export const issueDetails = (issues: readonly IssueLike[], prefix?: string): ErrorDetail[] =>
  issues.map((i) => issueDetail(i, issueField(i, prefix)));

/**
 * The same table as i18next templates (`{{field}} needs at least {{min}} characters`), so the
 * console's `validation.<rule>` messages are these words and not a second copy.
 */
export function phraseTemplates(lang: ErrorLang): Record<ErrorRule, string> {
  const slots = new Proxy({} as Params, { get: (_t, key) => `{{${String(key)}}}` });
  return Object.fromEntries(
    (Object.keys(PHRASES) as ErrorRule[]).map((r) => [r, PHRASES[r][lang]('{{field}}', slots)]),
  ) as Record<ErrorRule, string>;
}
