/**
 * The words of every rule a request can break, in both languages (ARCHITECTURE "One door for
 * messages"). A phrase gets the field's name as the reader knows it and the rule's params, with the
 * fields a cross-field rule names already turned into names: `other` (one field), `anyOf` / `allOf`
 * (the rule's field and its `others`, joined with "or" / "and"). No zod here: /login's first load
 * reaches this table through the console's phrase templates.
 */
export type ErrorLang = 'zh' | 'en';
export type Phrase = (field: string, p: Record<string, string | number>) => string;

export const PHRASES = {
  // What a value must be (the schema's own checks).
  required: { en: (f) => `${f} is required`, zh: (f) => `请填写${f}` },
  minLength: {
    en: (f, p) => `${f} needs at least ${p.min} characters`,
    zh: (f, p) => `${f}至少 ${p.min} 个字符`,
  },
  maxLength: { en: (f, p) => `${f} is at most ${p.max} characters`, zh: (f, p) => `${f}最多 ${p.max} 个字符` },
  min: { en: (f, p) => `${f} must be at least ${p.min}`, zh: (f, p) => `${f}不能小于 ${p.min}` },
  max: { en: (f, p) => `${f} must be at most ${p.max}`, zh: (f, p) => `${f}不能大于 ${p.max}` },
  between: { en: (f, p) => `${f} must be ${p.min} to ${p.max}`, zh: (f, p) => `${f}须在 ${p.min} 到 ${p.max} 之间` },
  moreThan: { en: (f, p) => `${f} must be more than ${p.min}`, zh: (f, p) => `${f}必须大于 ${p.min}` },
  lessThan: { en: (f, p) => `${f} must be less than ${p.max}`, zh: (f, p) => `${f}必须小于 ${p.max}` },
  minItems: { en: (f, p) => `choose at least ${p.min} for ${f}`, zh: (f, p) => `${f}至少选择 ${p.min} 项` },
  maxItems: { en: (f, p) => `choose at most ${p.max} for ${f}`, zh: (f, p) => `${f}最多选择 ${p.max} 项` },
  number: { en: (f) => `${f} must be a number`, zh: (f) => `${f}必须是数字` },
  integer: { en: (f) => `${f} must be a whole number`, zh: (f) => `${f}必须是整数` },
  decimals: { en: (f, p) => `${f} has at most ${p.max} decimals`, zh: (f, p) => `${f}最多 ${p.max} 位小数` },
  notZero: { en: (f) => `${f} must not be 0`, zh: (f) => `${f}不能为 0` },
  boolean: { en: (f) => `${f} must be yes or no`, zh: (f) => `${f}只能是“是”或“否”` },
  id: { en: (f) => `choose a ${f}`, zh: (f) => `请选择${f}` },
  list: { en: (f) => `${f} must be a list`, zh: (f) => `${f}必须是列表` },
  time: { en: (f) => `${f} must be a date and time`, zh: (f) => `${f}必须是日期时间` },
  date: { en: (f) => `${f} must be a date such as 2026-03-01`, zh: (f) => `${f}须为日期，如 2026-03-01` },
  month: { en: (f) => `${f} must be a month such as 2026-03`, zh: (f) => `${f}须为月份，如 2026-03` },
  hhmm: { en: (f) => `${f} must be a time such as 08:30`, zh: (f) => `${f}须为时间，如 08:30` },
  timeZone: {
    en: (f) => `${f} must be a time zone such as Asia/Shanghai`,
    zh: (f) => `${f}须为时区，如 Asia/Shanghai`,
  },
  object: { en: (f) => `${f} is not readable`, zh: (f) => `${f}格式无法读取` },
  // The zh words leave the codes out: a console offers the choices in a list.
  oneOf: {
    en: (f, p) => (p.values === undefined ? `${f} is not one of the choices` : `${f} must be one of ${p.values}`),
    zh: (f) => `${f}不在可选范围内，请从列表中选择`,
  },
  botSecret: {
    en: (f) => `${f} must be the bot's secret: 8 to 128 letters, digits or symbols, no spaces`,
    zh: (f) => `${f}须为机器人的密钥：8～128 个字母、数字或符号，不含空格`,
  },
  signedBotsOnly: {
    en: (f) => `only DingTalk and Feishu bots take a ${f}`,
    zh: (f) => `只有钉钉和飞书机器人需要${f}`,
  },
  letter: { en: (f) => `${f} must contain a letter`, zh: (f) => `${f}必须包含字母` },
  digit: { en: (f) => `${f} must contain a digit`, zh: (f) => `${f}必须包含数字` },
  phone: {
    en: (f) => `${f} must be 5 to 20 digits, with + or - if needed`,
    zh: (f) => `${f}须为 5 到 20 位数字，可含 + 和 -`,
  },
  email: { en: (f) => `${f} must be an e-mail address such as name@example.com`, zh: (f) => `${f}须为邮箱地址` },
  url: { en: (f) => `${f} must start with http:// or https://`, zh: (f) => `${f}须以 http:// 或 https:// 开头` },
  urlOrPath: {
    en: (f) => `${f} must start with http:// or https://, or be a console path starting with /`,
    zh: (f) => `${f}须以 http:// 或 https:// 开头，或是以 / 开头的控制台路径`,
  },
  streamUrl: {
    en: (f) => `${f} must be an rtsp:// address, or an http(s) address ending in .m3u8 or .flv`,
    zh: (f) => `${f}须为 rtsp:// 地址，或以 http:// 或 https:// 开头、以 .m3u8 或 .flv 结尾的地址`,
  },
  idNumber: {
    en: (f) => `${f} must be 18 characters: 17 digits, then a digit or X`,
    zh: (f) => `${f}须为 18 位：17 位数字加一位数字或 X`,
  },
  nameChars: {
    en: (f) => `${f} may only use letters, digits and _ . @ -`,
    zh: (f) => `${f}只能包含字母、数字和 _ . @ -`,
  },
  phoneChars: {
    en: (f) => `${f} may only use digits, spaces, + and -`,
    zh: (f) => `${f}只能包含数字、空格、+ 和 -`,
  },
  serialChars: {
    en: (f) => `${f} may only use letters, digits, _ and -`,
    zh: (f) => `${f}只能包含字母、数字、_ 和 -`,
  },
  reserved: {
    en: (f) => `${f} cannot be "u" followed by digits (kept for console sign-ins)`,
    zh: (f) => `${f}不能是“u”加数字（留给控制台账号）`,
  },
  codeChars: {
    en: (f) => `${f} must be 2 to 64 lower-case letters, digits or _, starting with a letter`,
    zh: (f) => `${f}须为 2 到 64 位小写字母、数字或 _，以字母开头`,
  },
  lotChars: {
    en: (f) => `${f} may only use letters, digits, dots, dashes and underscores`,
    zh: (f) => `${f}只能包含字母、数字、点、横线和下划线`,
  },
  gtinDigits: { en: (f) => `${f} must have 8, 12, 13 or 14 digits`, zh: (f) => `${f}须为 8、12、13 或 14 位数字` },
  checkDigit: { en: (f) => `${f} has a wrong check digit`, zh: (f) => `${f}的校验位不正确` },
  polygon: {
    en: (f) => `${f} needs at least 3 different points, or none`,
    zh: (f) => `${f}至少需要 3 个不同的点，或者不填`,
  },
  invalid: { en: (f) => `${f} is not valid`, zh: (f) => `${f}无效` },
  // How fields go together (a refinement names the field a person would fix, and the others).
  notBefore: { en: (f, p) => `${f} cannot be before ${p.other}`, zh: (f, p) => `${f}不能早于${p.other}` },
  after: { en: (f, p) => `${f} must be after ${p.other}`, zh: (f, p) => `${f}必须晚于${p.other}` },
  notBelow: { en: (f, p) => `${f} cannot be less than ${p.other}`, zh: (f, p) => `${f}不能小于${p.other}` },
  above: { en: (f, p) => `${f} must be above ${p.other}`, zh: (f, p) => `${f}必须大于${p.other}` },
  differs: { en: (f, p) => `${f} must differ from ${p.other}`, zh: (f, p) => `${f}不能与${p.other}相同` },
  lowAboveHigh: { en: (f) => `${f} must be above the low value`, zh: (f) => `${f}必须大于下限` },
  hysteresis: {
    en: (f) => `${f} must be less than half of the gap between low and high`,
    zh: (f) => `${f}必须小于上下限之差的一半`,
  },
  eitherOf: { en: (_f, p) => `fill in ${p.anyOf}`, zh: (_f, p) => `请填写${p.anyOf}` },
  together: { en: (_f, p) => `fill in ${p.allOf} together`, zh: (_f, p) => `${p.allOf}需同时填写` },
  exactlyOne: {
    en: (_f, p) => `fill in either ${p.anyOf}, not both`,
    zh: (_f, p) => `${p.allOf}只能填写其中一项`,
  },
  repeated: { en: (f) => `${f} is listed twice`, zh: (f) => `${f}重复了` },
  overlaps: { en: (f, p) => `${f} overlaps "${p.value}"`, zh: (f, p) => `${f}与“${p.value}”重叠` },
  notFuture: { en: (f) => `${f} cannot be in the future`, zh: (f) => `${f}不能晚于今天` },
  rangeDays: {
    en: (f, p) => `${f} is at most ${p.max} days after the start`,
    zh: (f, p) => `${f}距开始不能超过 ${p.max} 天`,
  },
  rangeYears: {
    en: (f, p) => `${f} is at most ${p.max} years after the start`,
    zh: (f, p) => `${f}距开始不能超过 ${p.max} 年`,
  },
  outOfBounds: { en: (f) => `${f} goes past the edge of the picture`, zh: (f) => `${f}超出了图片边缘` },
  unknownValue: { en: (f, p) => `${f}: "${p.value}" is not known`, zh: (f, p) => `${f}包含未知的值“${p.value}”` },
  plannedOnly: { en: (f) => `${f} is only for planned work`, zh: (f) => `只有计划中的农事可以设置${f}` },
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
  // A spray whose day or place would put an existing harvest inside its safety interval.
  harvestInInterval: {
    en: (f, p) =>
      p.harvestedOn === undefined
        ? `${f} would put a harvest inside a pesticide safety interval`
        : `${f}: the harvest of ${p.harvestedOn} would fall inside the safety interval of ${p.pesticide} sprayed on ${p.sprayedOn} (harvest from ${p.firstDay})`,
    zh: (f, p) =>
      p.harvestedOn === undefined
        ? `${f}会使已有采收落入农药安全间隔期`
        : `${f}：${p.harvestedOn} 的采收将落入 ${p.sprayedOn} 喷施${p.pesticide}的安全间隔期（${p.firstDay} 起可采收）`,
  },
  // A plot's sensor binding: a device the plot's park does not have, a key the device does not measure.
  notInPark: {
    en: (f, p) => `${f}: device ${p.value} is not a device of this park`,
    zh: (f, p) => `${f}：设备 ${p.value} 不属于本园区`,
  },
  notMeasured: {
    en: (f, p) =>
      p.device === undefined
        ? `${f}: the device does not measure this`
        : `${f}: ${p.device} does not measure "${p.value}"`,
    zh: (f, p) => (p.device === undefined ? `${f}：该设备不测量此参数` : `${f}：${p.device}不测量“${p.value}”`),
  },
  sameAsOld: { en: (f) => `${f} must differ from the old one`, zh: (f) => `${f}不能与原来的相同` },
} satisfies Record<string, Record<ErrorLang, Phrase>>;

export type ErrorRule = keyof typeof PHRASES;
export const ERROR_RULES = Object.keys(PHRASES) as ErrorRule[];
export const isErrorRule = (name: unknown): name is ErrorRule =>
  typeof name === 'string' && Object.hasOwn(PHRASES, name);
