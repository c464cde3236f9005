import { defineText } from '../i18n/defineText';

/**
 * The words of a command's invalid input (issue 14), keys `input.<name>`: the router says which field is wrong and
 * why, from the first problem zod found (`more`: how many others). `field` is the dotted path in the input (empty:
 * the input itself); `origin` is what zod measured (string, array, number…).
 */
const field = (f: string) => f || 'The input';
const fieldZh = (f: string) => f || '输入';
const more = (n: number) => (n > 0 ? ` (and ${n} more ${n === 1 ? 'problem' : 'problems'})` : '');
const moreZh = (n: number) => (n > 0 ? `（另有 ${n} 个问题）` : '');

const TYPES: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list', null: 'null' };
const TYPES_ZH: Record<string, string> = { string: '文本', number: '数字', int: '整数', boolean: 'true 或 false', object: '对象', array: '列表', null: 'null' };
/** 应为 and the type: a space before a Latin word (`应为 true 或 false`, `应为 null`), as the other messages write `不是有效的 URL`. */
const typeZh = (expected: string) => {
  const said = TYPES_ZH[expected] ?? expected;
  return /^[A-Za-z0-9]/.test(said) ? ` ${said}` : said;
};

function sizeEn(origin: string, n: number, bound: 'most' | 'least'): string {
  if (origin === 'string') return `at ${bound} ${n} ${n === 1 ? 'character' : 'characters'} long`;
  if (origin === 'array' || origin === 'set') return `at ${bound} ${n} ${n === 1 ? 'item' : 'items'}`;
  return `at ${bound} ${n}`;
}
function sizeZh(origin: string, n: number, bound: 'most' | 'least'): string {
  if (origin === 'string') return bound === 'most' ? `不能超过 ${n} 个字符` : `至少要有 ${n} 个字符`;
  if (origin === 'array' || origin === 'set') return bound === 'most' ? `不能超过 ${n} 项` : `至少要有 ${n} 项`;
  return bound === 'most' ? `不能大于 ${n}` : `不能小于 ${n}`;
}

export const inputErrorStrings = defineText({
  en: {
    missing: (f: string, n: number) => `${field(f)} is missing${more(n)}`,
    wrongType: (f: string, expected: string, n: number) => `${field(f)} must be ${TYPES[expected] ?? expected}${more(n)}`,
    empty: (f: string, n: number) => `${field(f)} must not be empty${more(n)}`,
    tooBig: (f: string, origin: string, max: number, n: number) =>
      `${field(f)} must be ${origin === 'array' || origin === 'set' ? 'a list of ' : ''}${sizeEn(origin, max, 'most')}${more(n)}`,
    tooSmall: (f: string, origin: string, min: number, n: number) =>
      `${field(f)} must be ${origin === 'array' || origin === 'set' ? 'a list of ' : ''}${sizeEn(origin, min, 'least')}${more(n)}`,
    above: (f: string, min: number, n: number) => `${field(f)} must be greater than ${min}${more(n)}`,
    below: (f: string, max: number, n: number) => `${field(f)} must be less than ${max}${more(n)}`,
    notOneOf: (f: string, allowed: string, n: number) => `${field(f)} must be one of ${allowed}${more(n)}`,
    badFormat: (f: string, format: string, n: number) => `${field(f)} is not a valid ${format}${more(n)}`,
    unknownFields: (f: string, keys: string, n: number) => `${f ? `${f} has` : 'The input has'} fields Akira does not know: ${keys}${more(n)}`,
    invalid: (f: string, reason: string, n: number) => `${field(f)} is not valid: ${reason}${more(n)}`,
    /** Not the caller's input: a handler's answer that breaks the contract (a bug of the core); `said` is zod's. */
    invalidResult: (command: string, said: string) => `${command} produced an invalid result: ${said}`,
    // The contract's own rules (inputRules.ts)
    idCharacters: (f: string, n: number) => `${field(f)} may hold only letters, digits, - and _${more(n)}`,
    sessionId: (f: string, n: number) => `${field(f)} must be a session id (a UUID v4)${more(n)}`,
    base64: (f: string, n: number) => `${field(f)} must be base64 (no data: prefix)${more(n)}`,
    imageTooBig: (f: string, mb: number, n: number) => `${field(f)}: an image may have at most ${mb} MB${more(n)}`,
    // The key's own field name adds nothing a person needs (the API key box, settings.setApiKey's only field).
    apiKeyCharacters: (_f: string, n: number) => `An API key has no spaces or special characters${more(n)}`,
    needsEither: (f: string, a: string, b: string, n: number) => `${field(f)} needs ${a} or ${b}${more(n)}`,
    sayWhy: (f: string, n: number) => `${field(f)} must say why (the agent reads it)${more(n)}`,
    /** A request's JSON nests deeper than the faces read (server/apiBody.ts, wsFace.ts; common/jsonDepth.ts). */
    nestedTooDeep: (max: number) => `The request's JSON nests more than ${max} levels deep; nothing was run`,
  },
  'zh-CN': {
    missing: (f: string, n: number) => `缺少 ${fieldZh(f)}${moreZh(n)}`,
    wrongType: (f: string, expected: string, n: number) => `${fieldZh(f)} 应为${typeZh(expected)}${moreZh(n)}`,
    empty: (f: string, n: number) => `${fieldZh(f)} 不能为空${moreZh(n)}`,
    tooBig: (f: string, origin: string, max: number, n: number) => `${fieldZh(f)} ${sizeZh(origin, max, 'most')}${moreZh(n)}`,
    tooSmall: (f: string, origin: string, min: number, n: number) => `${fieldZh(f)} ${sizeZh(origin, min, 'least')}${moreZh(n)}`,
    above: (f: string, min: number, n: number) => `${fieldZh(f)} 应大于 ${min}${moreZh(n)}`,
    below: (f: string, max: number, n: number) => `${fieldZh(f)} 应小于 ${max}${moreZh(n)}`,
    notOneOf: (f: string, allowed: string, n: number) => `${fieldZh(f)} 应为以下之一：${allowed}${moreZh(n)}`,
    badFormat: (f: string, format: string, n: number) => `${fieldZh(f)} 不是有效的 ${format}${moreZh(n)}`,
    unknownFields: (f: string, keys: string, n: number) => `${f ? `${f} 含有` : '输入含有'} Akira 不认识的字段：${keys}${moreZh(n)}`,
    invalid: (f: string, reason: string, n: number) => `${fieldZh(f)} 无效：${reason}${moreZh(n)}`,
    invalidResult: (command: string, said: string) => `${command} 返回了无效的结果：${said}`,
    idCharacters: (f: string, n: number) => `${fieldZh(f)} 只能包含字母、数字、- 和 _${moreZh(n)}`,
    sessionId: (f: string, n: number) => `${fieldZh(f)} 应为会话 ID（UUID v4）${moreZh(n)}`,
    base64: (f: string, n: number) => `${fieldZh(f)} 应为 base64（不带 data: 前缀）${moreZh(n)}`,
    imageTooBig: (f: string, mb: number, n: number) => `${fieldZh(f)}：图片不能超过 ${mb} MB${moreZh(n)}`,
    apiKeyCharacters: (_f: string, n: number) => `API 密钥不能包含空格或特殊字符${moreZh(n)}`,
    needsEither: (f: string, a: string, b: string, n: number) => `${fieldZh(f)} 需要 ${a} 或 ${b}${moreZh(n)}`,
    sayWhy: (f: string, n: number) => `${fieldZh(f)} 需要说明原因（智能体会读到）${moreZh(n)}`,
    nestedTooDeep: (max: number) => `请求的 JSON 嵌套超过 ${max} 层；没有执行任何操作`,
  },
});
