import { defineText } from '../i18n/defineText';
import { limitSetting, NUMBER_SETTINGS, rangeMessage, type NumberSetting } from '../settings/settingWords';

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
  },
});
