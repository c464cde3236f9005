import { defineText, type Messages } from '../i18n/defineText';
import { limitLabel, limitSetting, NUMBER_SETTINGS, rangeMessage, type NumberSetting } from '../settings/settingWords';
import type { WordValue } from './errorWords';
import { inputErrorStrings } from './inputErrorStrings';

/**
 * The words of settings errors (issue 14), keys `settings.<name>`. A number out of range names its setting by key
 * (`timeoutSeconds`, a policy limit such as `maxToolLoopsPerTodo`): English says it with the words the settings
 * view shares (src/shared/settings/settingWords.ts), Chinese with the labels below. `scope` is `global` or `workspace`.
 * A settings file is `place` (`global` or `workspace`) and `file` (its path); a broken one is `problem`
 * (`unreadable`, `notJson`, `notObject`) with `said`, the system's or the JSON parser's own text. A list of invalid
 * fields is `list` (English: each field with its problem) and `paths` (the fields' names), `count` in all.
 */
const settingOf = (key: string): NumberSetting => (Object.hasOwn(NUMBER_SETTINGS, key) ? NUMBER_SETTINGS[key as keyof typeof NUMBER_SETTINGS] : limitSetting(key));

const LABELS_ZH: Record<string, string> = {
  timeoutSeconds: '超时',
  maxRetries: '重试次数',
  inputPricePer1M: '输入价格',
  outputPricePer1M: '输出价格',
  temperature: '温度',
  maxTokens: '最大回答令牌数',
  contextWindow: '上下文窗口',
  contextTokens: '上下文预算',
  skipConfidence: '跳过置信度',
  retentionDays: '检查点保留时间',
  maxToolLoopsPerTodo: '每个 TODO 的最大工具调用次数',
  maxRetriesPerTodo: '每个 TODO 的最大重试次数',
  maxFileModificationsPerSession: '每个会话的最大文件修改数',
  maxTasksPerSession: '每个会话的最大任务数',
  maxConcurrentTasks: '最大并行任务数',
};
const UNITS_ZH: Record<string, string> = { seconds: '秒', 'USD per 1M tokens': '美元/百万令牌', tokens: '令牌', days: '天' };
const plainZh = (n: number) => n.toLocaleString('zh-CN', { maximumFractionDigits: 6 });
const placeEn = (place: string, file: string) => (place === 'global' ? `The global settings (${file})` : file);
const placeZh = (place: string, file: string) => (place === 'global' ? `全局设置（${file}）` : file);
const brokenEn = (problem: string, place: string, file: string, said: string) =>
  problem === 'notObject' ? `${placeEn(place, file)} is not a JSON object` : problem === 'notJson' ? `${placeEn(place, file)} is not valid JSON: ${said}` : `${placeEn(place, file)} cannot be read: ${said}`;
const brokenZh = (problem: string, place: string, file: string, said: string) =>
  problem === 'notObject' ? `${placeZh(place, file)} 不是 JSON 对象` : problem === 'notJson' ? `${placeZh(place, file)} 不是有效的 JSON：${said}` : `无法读取${placeZh(place, file)}：${said}`;
const scopeEn = (scope: string) => (scope === 'global' ? 'global settings' : 'workspace settings');
const scopeZh = (scope: string) => (scope === 'global' ? '全局设置' : '工作区设置');
/** `"ask", "rollback" or "continue"` from `ask, rollback, continue`. */
const choicesEn = (choices: string) => choices.split(', ').map((c) => `"${c}"`).join(', ').replace(/, ([^,]*)$/, ' or $1');
const choicesZh = (choices: string) => choices.split(', ').map((c) => `“${c}”`).join('、').replace(/、([^、]*)$/, ' 或 $1');

/**
 * A field's problem inside `settings.get`'s problem (`inFile`): its key (`settings.<name>` or `input.<name>`) and
 * values said in `language`. Throws for a key this build does not know or values that do not fit, so `wordsText`
 * answers null and the English problem is shown.
 */
export function fieldText(language: 'en' | 'zh-CN', key: string, values: WordValue[]): string {
  const dot = key.indexOf('.');
  const [domain, name] = [key.slice(0, dot), key.slice(dot + 1)];
  const catalog = domain === 'settings' ? settingsErrorStrings : domain === 'input' ? inputErrorStrings : null;
  const messages = catalog?.[language] as Messages | undefined;
  if (!messages || name === 'inFile' || !Object.hasOwn(messages, name)) throw new Error(`no field problem ${key}`);
  const message = messages[name];
  if (typeof message === 'string') return message;
  if (values.length < message.length) throw new Error(`too few values for ${key}`);
  return (message as (...v: WordValue[]) => string)(...values);
}

/** The generic input words `key` (`input.*` only: zodSaid never nests other words) in `language`; throws for any other. */
function inputFieldText(language: 'en' | 'zh-CN', key: string, values: WordValue[]): string {
  if (!key.startsWith('input.')) throw new Error(`not a field's input words: ${key}`);
  return fieldText(language, key, values);
}

export const settingsErrorStrings = defineText({
  en: {
    outOfRange: (key: string, min: number, max: number, got: string) => `${rangeMessage(settingOf(key), { min, max })} (got ${got})`,
    notSaved: (scope: string, count: number, list: string, _paths: string) =>
      `Not saved: the ${scopeEn(scope)} have ${count} invalid field${count === 1 ? '' : 's'}: ${list}`,
    noFolderOpen: 'No folder is open: workspace settings need one. Save to the global settings instead.',
    // said ends the message as it is (the parser's own text); the sentence without it ends with a full stop.
    fileBroken: (problem: string, place: string, file: string, said: string) => `${brokenEn(problem, place, file, said)}${problem === 'notObject' ? '.' : ''}`,
    fileBrokenNotSaved: (problem: string, place: string, file: string, said: string) =>
      `${brokenEn(problem, place, file, said)}. Fix or remove ${place === 'global' ? 'the file' : file}, then save again.`,
    invalidFields: (place: string, file: string, _count: number, list: string, _paths: string) => `${placeEn(place, file)}: ${list}`,
    invalidPolicy: (source: string, _count: number, list: string, _paths: string) => `Invalid ${source}:\n- ${list}`,
    apiKeyInWorkspace: '.akira/settings.json: model.apiKey is not read from the workspace (it may be committed); use OPENAI_API_KEY or the global settings.',
    keyServerNotHttp: (got: string) => `The key's server must be an http:// or https:// URL (got ${got}).`,
    baseUrlNotHttp: (got: string) => `The base URL must be an http:// or https:// URL (got ${got}).`,
    baseUrlField: 'The base URL must be an http:// or https:// URL',
    noBaseUrl: 'No base URL to test: pick a preset or type the server’s URL (e.g. http://127.0.0.1:11434/v1).',
    noBaseUrlField: 'Pick a preset or type the server’s URL',
    trustNotHttp: (got: string) => `Only an http:// or https:// server can be trusted (got ${got}).`,
    keyFileForeign: (file: string) => `${file} belongs to another user; Akira will not use it. Remove it, then save the API key again.`,
    keyFileOpen: (file: string, reason: string) =>
      `${file} can be read by other users and its mode cannot be fixed (${reason}); Akira will not use it. Run: chmod 600 "${file}"`,
    keyFileDamaged: (file: string) => `${file} is damaged (not a JSON object). Remove it, then save the API key again.`,

    // settings.get's problems (issue 14): a field of a file and its problem (`key` and values: settings.* below or
    // input.*); `leftOut` 1 when the agent leaves the field out, 0 when the setting is not used until it is fixed.
    inFile: (file: string, path: string, leftOut: number, key: string, ...values: WordValue[]) =>
      `${file}: ${path}: ${fieldText('en', key, values)}${leftOut ? ' (left out by the agent)' : ' (not used until it is fixed)'}`,
    baseUrlExample: (got: string) => `The base URL must be an http:// or https:// URL, e.g. http://127.0.0.1:11434/v1 (got ${got})`,
    emptyModelName: 'The model name must not be empty',
    apiKeyNeverFromWorkspace: 'The API key is never read from the workspace (it may be committed); save it in Settings → API key.',
    modelsNotObject: 'models must be an object of model names',
    noSuchMode: (got: string, modes: string) => `There is no mode ${got}; modes: ${modes}`,
    checkpointsNotObject: 'checkpoints must be an object, e.g. {"retentionDays": 90}',
    specNotObject: 'agent.spec must be an object, e.g. {"skipConfidence": 0.8}',
    /** `choices`: the allowed values, `, `-separated. */
    notAChoice: (field: string, choices: string, got: string) => `${field} must be ${choicesEn(choices)} (got ${got})`,
    noSpecSetting: (got: string, known: string) => `agent.spec has no setting ${got} (settings: ${known})`,
    unknownRulesKind: (got: string, known: string) => `${got} is not a kind of rules files (kinds: ${known})`,
    rulesDisabledNotList: 'a list of kinds of rules files is expected, e.g. ["cursor", "kiro"]',
    // What a workspace's policy may not loosen (agent/policy/projectPolicy.ts loosenedFields).
    approvalsGlobalOnly: (name: string) => `A workspace can only turn approvals on: auto-approving ${name} is a global setting (switch the scope to Global).`,
    allowListGlobalOnly: 'The allow list is only read from the global settings, so a project cannot allow its own commands; use the deny list here.',
    passEnvGlobalOnly: 'Variables passed to commands are only read from the global settings, so a project cannot pull secrets into them.',
    buildDirsNarrowOnly: (extra: string, count: number, inherited: string) =>
      `A project can only narrow the build folders (where rm -rf does not ask): ${extra} ${count === 1 ? 'is' : 'are'} not in the inherited list (${inherited}).`,
    limitLowerOnly: (name: string, inherited: number) => `A project can only lower “${limitLabel(name)}”: the inherited value is ${inherited} (raise it in the global settings).`,
    planApprovalNotWaived: 'A project can require plan approval but not waive it; leave it unset here.',
    // What a workspace's agent.sandbox may not loosen (sandbox/sandboxSettings.ts loosenedSandboxFields).
    sandboxModeTightenOnly: (got: string, inherited: string) =>
      `A workspace can only make the sandbox stricter (off < auto < required): "${got}" would loosen the inherited "${inherited}"; change it in the global settings.`,
    sandboxDomainsNarrowOnly: (extra: string, count: number) =>
      `A workspace can only narrow the sandbox's allowed domains: ${extra} ${count === 1 ? 'is' : 'are'} not allowed by the global settings.`,
    sandboxWriteNarrowOnly: (extra: string, count: number) =>
      `A workspace can only narrow where commands may write: ${extra} ${count === 1 ? 'is' : 'are'} not inside a path the global settings allow.`,
    sandboxReadNarrowOnly: (extra: string, count: number) =>
      `A workspace can only narrow what commands may read of the hidden paths: ${extra} ${count === 1 ? 'is' : 'are'} not inside a path the global settings allow.`,

    // The policy schema's own rules (agent/policy/policySchema.ts, through settingsRule markers): `f` is the field as
    // the problem names it (`agent.policy.limits.maxRetriesPerTodo`, a list's entry `commands.allow.0`), `list` the
    // list an entry belongs to as the schema names it (`commands.allow`, never with the file's prefix).
    policyWholeNumber: (f: string, min: number, max: number, got: string) => `${f} must be a whole number from ${min} to ${max} (got ${got})`,
    policyFlag: (f: string, got: string) => `${f} must be true or false (got ${got})`,
    policyEntriesStrings: (f: string, list: string) => `${f}: ${list} entries must be strings`,
    policyEntryEmpty: (f: string, list: string) => `${f}: ${list} entries must not be empty`,
    policyEntryTooLong: (f: string, list: string, max: number) => `${f}: ${list} entries must be at most ${max} characters`,
    policyNotOneCommand: (f: string, list: string, got: string) =>
      `${f}: ${list} entry ${got} must be one command's leading words (no &&, ;, |, $( ) or redirects)`,
    policyNotCommandList: (f: string) => `${f} must be a list of commands`,
    policyTooManyCommands: (f: string, max: number) => `${f} may hold at most ${max} commands`,
    policyNotFolderName: (f: string, list: string) => `${f}: ${list} entries are folder names, without slashes`,
    policyNotFolderList: (f: string) => `${f} must be a list of folder names`,
    policyNotVariableName: (f: string, list: string) => `${f}: ${list} entries are variable names (letters, digits and _)`,
    policyNotVariableList: (f: string) => `${f} must be a list of variable names`,
    policyTooManyNames: (f: string, max: number) => `${f} may hold at most ${max} names`,
    /** An unknown key of a policy: `keys` as the problem names them (`agent.policy.limits.maxLoops`), `known` the keys there, `, `-separated. */
    notAPolicySetting: (keys: string, known: string) => `${keys}: not a policy setting${known ? ` (known: ${known})` : ''}`,
    /**
     * A field's problem as zod said it (`text`, English: a schema check without a message of its own), with the
     * generic words for the same problem (`key`: `input.*`, the field first) that the other language says instead.
     */
    zodSaid: (text: string, _key: string, ..._values: WordValue[]) => text,
  },
  'zh-CN': {
    outOfRange: (key: string, min: number, max: number, got: string) => {
      const setting = settingOf(key);
      const unit = setting.unit ? ` ${UNITS_ZH[setting.unit] ?? setting.unit}` : ' ';
      return `${LABELS_ZH[key] ?? setting.label}必须是 ${plainZh(min)} 到 ${plainZh(max)}${unit}之间的${setting.whole ? '整数' : '数字'}（当前为 ${got}）`;
    },
    notSaved: (scope: string, count: number, _list: string, paths: string) => `未保存：${scopeZh(scope)}中有 ${count} 个无效字段：${paths}`,
    noFolderOpen: '没有打开文件夹：工作区设置需要一个文件夹。请改为保存到全局设置。',
    fileBroken: (problem: string, place: string, file: string, said: string) => `${brokenZh(problem, place, file, said)}。`,
    fileBrokenNotSaved: (problem: string, place: string, file: string, said: string) =>
      `${brokenZh(problem, place, file, said)}。请修复或删除${place === 'global' ? '这个文件' : ` ${file}`}，然后再保存。`,
    invalidFields: (place: string, file: string, count: number, _list: string, paths: string) =>
      `${place === 'global' ? `全局设置（${file}）中` : `${file} 中`}有 ${count} 个无效字段：${paths}`,
    invalidPolicy: (source: string, count: number, _list: string, paths: string) => `${source} 无效，有 ${count} 个问题：${paths}`,
    apiKeyInWorkspace: '.akira/settings.json：不会从工作区读取 model.apiKey（它可能被提交到仓库）；请使用 OPENAI_API_KEY 或全局设置。',
    keyServerNotHttp: (got: string) => `密钥对应的服务器必须是 http:// 或 https:// 的 URL（当前为 ${got}）。`,
    baseUrlNotHttp: (got: string) => `基础 URL 必须是 http:// 或 https:// 的 URL（当前为 ${got}）。`,
    baseUrlField: '基础 URL 必须是 http:// 或 https:// 的 URL',
    noBaseUrl: '没有可测试的基础 URL：请选择一个预设，或输入服务器的 URL（例如 http://127.0.0.1:11434/v1）。',
    noBaseUrlField: '请选择一个预设，或输入服务器的 URL',
    trustNotHttp: (got: string) => `只能信任 http:// 或 https:// 的服务器（当前为 ${got}）。`,
    keyFileForeign: (file: string) => `${file} 属于另一个用户；Akira 不会使用它。请删除它，然后重新保存 API 密钥。`,
    keyFileOpen: (file: string, reason: string) => `${file} 可被其他用户读取，且无法修改其权限（${reason}）；Akira 不会使用它。请运行：chmod 600 "${file}"`,
    keyFileDamaged: (file: string) => `${file} 已损坏（不是 JSON 对象）。请删除它，然后重新保存 API 密钥。`,

    inFile: (file: string, path: string, leftOut: number, key: string, ...values: WordValue[]) =>
      `${file}：${path}：${fieldText('zh-CN', key, values)}${leftOut ? '（智能体不使用这个字段）' : '（修复之前不会使用）'}`,
    baseUrlExample: (got: string) => `基础 URL 必须是 http:// 或 https:// 的 URL，例如 http://127.0.0.1:11434/v1（当前为 ${got}）`,
    emptyModelName: '模型名称不能为空',
    apiKeyNeverFromWorkspace: '从不从工作区读取 API 密钥（它可能被提交到仓库）；请在“设置 → API 密钥”中保存它。',
    modelsNotObject: 'models 必须是以模型名称为键的对象',
    noSuchMode: (got: string, modes: string) => `没有模式 ${got}；可用的模式：${modes}`,
    checkpointsNotObject: 'checkpoints 必须是对象，例如 {"retentionDays": 90}',
    specNotObject: 'agent.spec 必须是对象，例如 {"skipConfidence": 0.8}',
    notAChoice: (field: string, choices: string, got: string) => `${field} 必须是 ${choicesZh(choices)}（当前为 ${got}）`,
    noSpecSetting: (got: string, known: string) => `agent.spec 没有设置 ${got}（可用的设置：${known}）`,
    unknownRulesKind: (got: string, known: string) => `${got} 不是一种规则文件（可用的种类：${known}）`,
    rulesDisabledNotList: '应为规则文件种类的列表，例如 ["cursor", "kiro"]',
    approvalsGlobalOnly: (name: string) => `工作区只能开启批准：自动批准 ${name} 是全局设置（请把范围切换到“全局”）。`,
    allowListGlobalOnly: '允许列表只从全局设置读取，因此项目不能允许它自己的命令；这里请使用拒绝列表。',
    passEnvGlobalOnly: '传给命令的变量只从全局设置读取，因此项目不能把密钥带进命令。',
    buildDirsNarrowOnly: (extra: string, _count: number, inherited: string) =>
      `项目只能缩小构建文件夹（其中的 rm -rf 不会询问）的范围：${extra} 不在继承的列表中（${inherited}）。`,
    limitLowerOnly: (name: string, inherited: number) => `项目只能降低“${LABELS_ZH[name] ?? limitLabel(name)}”：继承的值是 ${inherited}（请在全局设置中提高它）。`,
    planApprovalNotWaived: '项目可以要求批准计划，但不能免除它；这里请不要设置。',
    sandboxModeTightenOnly: (got: string, inherited: string) =>
      `工作区只能让沙箱更严格（off < auto < required）："${got}" 会放宽继承的 "${inherited}"；请在全局设置中更改。`,
    sandboxDomainsNarrowOnly: (extra: string, _count: number) => `工作区只能缩小沙箱允许的域名：全局设置不允许 ${extra}。`,
    sandboxWriteNarrowOnly: (extra: string, _count: number) => `工作区只能缩小命令可写入的位置：${extra} 不在全局设置允许的路径之内。`,
    sandboxReadNarrowOnly: (extra: string, _count: number) => `工作区只能缩小命令可读取的隐藏路径：${extra} 不在全局设置允许的路径之内。`,

    policyWholeNumber: (f: string, min: number, max: number, got: string) => `${f} 必须是 ${min} 到 ${max} 之间的整数（当前为 ${got}）`,
    policyFlag: (f: string, got: string) => `${f} 必须是 true 或 false（当前为 ${got}）`,
    policyEntriesStrings: (f: string, list: string) => `${f}：${list} 的条目必须是字符串`,
    policyEntryEmpty: (f: string, list: string) => `${f}：${list} 的条目不能为空`,
    policyEntryTooLong: (f: string, list: string, max: number) => `${f}：${list} 的条目不能超过 ${max} 个字符`,
    policyNotOneCommand: (f: string, list: string, got: string) =>
      `${f}：${list} 的条目 ${got} 必须是一条命令开头的几个词（不能有 &&、;、|、$( ) 或重定向）`,
    policyNotCommandList: (f: string) => `${f} 必须是命令列表`,
    policyTooManyCommands: (f: string, max: number) => `${f} 最多只能有 ${max} 条命令`,
    policyNotFolderName: (f: string, list: string) => `${f}：${list} 的条目是文件夹名称，不能带斜杠`,
    policyNotFolderList: (f: string) => `${f} 必须是文件夹名称列表`,
    policyNotVariableName: (f: string, list: string) => `${f}：${list} 的条目是变量名（字母、数字和 _）`,
    policyNotVariableList: (f: string) => `${f} 必须是变量名列表`,
    policyTooManyNames: (f: string, max: number) => `${f} 最多只能有 ${max} 个名称`,
    notAPolicySetting: (keys: string, known: string) => `${keys}：不是策略设置${known ? `（可用的设置：${known}）` : ''}`,
    zodSaid: (_text: string, key: string, ...values: WordValue[]) => inputFieldText('zh-CN', key, values),
  },
});
