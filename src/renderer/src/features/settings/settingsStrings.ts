import { defineText } from '../../../../shared/i18n';

/**
 * The Settings page's words (issue 14): the page, its scope switch and footer, Appearance, the API key, the
 * connection test and the Model section. The Agent and Spec sections are in policyStrings.ts, MCP in mcpStrings.ts,
 * the numbers' names and range messages in numberStrings.ts.
 */

/** What the API key line says (ApiKeySection). */
export interface KeyLine {
  set: boolean;
  hint: string | null;
  /** Where the key in use comes from, in words ('' when nowhere). */
  source: string;
  /** The server a saved key is for, if one is saved. */
  storedOrigin: string | null;
  /** The saved key is the one in use. */
  storedInUse: boolean;
}

const sourceEn: Record<string, string> = { flags: 'command line', workspace: 'workspace', global: 'global settings', env: 'environment', stored: 'saved', default: 'default' };
const sourceZh: Record<string, string> = { flags: '命令行', workspace: '工作区', global: '全局设置', env: '环境变量', stored: '已保存', default: '默认值' };

export const settingsStrings = defineText({
  en: {
    // The page
    settings: 'Settings',
    gearTitle: 'Settings (Ctrl+,)',
    closeSettings: 'Close settings',
    settingsScope: 'Settings scope',
    scopeGlobal: 'Global',
    scopeWorkspace: 'Workspace',
    scopeWorkspaceNamed: (name: string) => `Workspace: ${name}`,
    openFolderForSettings: 'Open a folder to give it its own settings',
    discardUnsaved: 'Discard the changes not saved yet?',
    loadingSettings: 'Loading settings…',
    cannotRead: (message: string) => `Cannot read the settings: ${message}`,
    noteGlobal:
      'Global settings apply to every folder; a workspace can override them (except what would make the agent ask less). Empty fields inherit the value shown in grey.',
    noteWorkspace:
      'Settings for this folder only, saved in .akira/settings.json (it may be committed: it never holds the API key). Empty fields inherit the value shown in grey.',
    unsaved: 'Unsaved changes.',
    revert: 'Revert',
    saving: 'Saving…',
    save: 'Save',
    notSavedFix: 'Not saved: fix the fields marked below.',
    notSaved: (message: string) => `Not saved: ${message}`,
    savedTo: (file: string) => `Saved to ${file}.`,
    // Appearance
    appearance: 'Appearance',
    appearanceNote: 'For every window and folder, at once (saved in the global settings).',
    language: 'Language',
    languageSystem: (name: string) => `System default (${name})`,
    theme: 'Theme',
    themeDark: 'Dark',
    themeLight: 'Light',
    themeSystem: (name: string) => `System default (${name})`,
    couldNotChange: (message: string) => `Could not change it: ${message}`,
    // Fields
    useInherited: 'Use the inherited value',
    setHereReset: 'set here · reset',
    inherited: 'inherited',
    listEntry: (list: string, n: number) => `${list} entry ${n}`,
    remove: (item: string) => `Remove ${item}`,
    add: 'Add',
    inheritedFrom: 'From the defaults, the mode or the global settings',
    // Connection
    connection: 'Connection',
    testing: 'Testing…',
    testConnection: 'Test connection',
    testHint: 'Lists the server’s models and sends one short chat message.',
    modelsListed: (list: string, total: number | null) => `Models: ${list}${total === null ? '' : ` … (${total})`}`,
    // API key
    apiKey: 'API key',
    sourceEnvironment: 'from OPENAI_API_KEY',
    sourceStored: 'saved',
    sourceSettings: 'in settings.json',
    keyLine: (k: KeyLine) =>
      `${k.set ? (k.hint ? `set (${k.hint})` : 'set') : 'not set'}${k.set && k.source ? ` — ${k.source}` : ''}${
        k.storedOrigin ? (k.storedInUse ? ` for ${k.storedOrigin}` : ` · a saved key for ${k.storedOrigin}`) : ''
      }`,
    replace: 'Replace',
    clear: 'Clear',
    newApiKey: 'New API key',
    pasteApiKey: 'Paste an API key (sk-…)',
    sentOnlyTo: (origin: string) => `Sent only to ${origin}`,
    saveKeyFor: (origin: string) => `Save key for ${origin}`,
    saveKey: 'Save key',
    cancel: 'Cancel',
    keyNote: (note: string) =>
      `${note} The key is never shown again nor written in the workspace. A server that a project's settings name gets your key only if the key was saved for it or you trust it.`,
    projectsMaySend: 'Projects may send your key to:',
    stopTrusting: 'Stop trusting',
    // Model
    model: 'Model',
    provider: 'Provider',
    presetCustom: 'Custom',
    /** The model field's placeholder for a preset (the contract's hint in English: a model id, or words). */
    modelHint: (_preset: string, hint: string) => hint,
    customHint: 'Any OpenAI-compatible server (vLLM, llama.cpp, Azure, a proxy…).',
    needsKey: 'Needs an API key.',
    runsLocally: 'Runs locally; no API key needed.',
    baseUrl: 'Base URL',
    modelsOffered: (n: number) => `${n} models offered by the server (type to filter).`,
    timeoutSeconds: 'Timeout (s)',
    retries: 'Retries',
    source: (source: string) => sourceEn[source] ?? source,
    valueFrom: (value: string, source: string) => `${value} (${source})`,
    inputPrice: 'Input price (USD per 1M tokens)',
    outputPrice: 'Output price (USD per 1M tokens)',
    priceHint: 'Prompt and answer tokens are priced apart; with a price, cost appears on the board and in the session.',
    notSet: 'not set',
    serverDefault: 'server default',
    temperatureHint: (min: string, max: string) => `${min}–${max}; lower is more predictable.`,
    maxTokensHint: (min: string, max: string) => `${min}–${max}; the longest answer (max_tokens).`,
    contextWindowHint: (min: string, max: string, budget: string | null) => `${min}–${max}${budget === null ? '' : `; prompt budget ≈ ${budget} tokens`}`,
    /** `{0}` is where the model's name goes (in a monospace font). */
    settingsOfModel: (where: string | null) => `Settings of {0}${where === null ? '' : ` (${where})`}`,
    settingsOfTheModel: 'Settings of the model',
    perModelNone: 'Name a model above to give it its own settings (no model is configured yet).',
    perModelNamed: (name: string) => `Saved under models.${name} in this file; empty fields use the value shown in grey.`,
    perModelInEffect: (name: string, where: string) => `No model is named here, so these apply to ${name}, the model in effect (from the ${where}); saved under models.${name} in this file.`,
    jsonMode: 'JSON mode',
    jsonModeHint: 'For models without tool calling: the agent asks for one JSON object per reply.',
    forModel: (name: string) => `for ${name}`,
    nameModelFirst: 'name a model first',
    vision: 'Vision (images)',
    visionHint: 'Screenshots in a task are sent only to a model that takes images.',
    takesImages: 'takes images',
  },
  'zh-CN': {
    settings: '设置',
    gearTitle: '设置 (Ctrl+,)',
    closeSettings: '关闭设置',
    settingsScope: '设置范围',
    scopeGlobal: '全局',
    scopeWorkspace: '工作区',
    scopeWorkspaceNamed: (name: string) => `工作区：${name}`,
    openFolderForSettings: '打开一个文件夹，为它单独设置',
    discardUnsaved: '要丢弃尚未保存的更改吗？',
    loadingSettings: '正在加载设置…',
    cannotRead: (message: string) => `无法读取设置：${message}`,
    noteGlobal: '全局设置适用于每个文件夹；工作区可以覆盖它们（会让智能体少询问的设置除外）。留空的字段沿用灰色显示的值。',
    noteWorkspace: '仅用于此文件夹的设置，保存在 .akira/settings.json 中（可以提交：其中从不包含 API 密钥）。留空的字段沿用灰色显示的值。',
    unsaved: '有未保存的更改。',
    revert: '还原',
    saving: '正在保存…',
    save: '保存',
    notSavedFix: '未保存：请修正下方标出的字段。',
    notSaved: (message: string) => `未保存：${message}`,
    savedTo: (file: string) => `已保存到 ${file}。`,
    appearance: '外观',
    appearanceNote: '立即应用于所有窗口和文件夹（保存在全局设置中）。',
    language: '语言',
    languageSystem: (name: string) => `跟随系统（${name}）`,
    theme: '主题',
    themeDark: '深色',
    themeLight: '浅色',
    themeSystem: (name: string) => `跟随系统（${name}）`,
    couldNotChange: (message: string) => `无法更改：${message}`,
    useInherited: '使用继承的值',
    setHereReset: '在此设置 · 重置',
    inherited: '继承',
    listEntry: (list: string, n: number) => `${list} 第 ${n} 项`,
    remove: (item: string) => `移除 ${item}`,
    add: '添加',
    inheritedFrom: '来自默认值、模式或全局设置',
    connection: '连接',
    testing: '正在测试…',
    testConnection: '测试连接',
    testHint: '列出服务器的模型，并发送一条简短的聊天消息。',
    modelsListed: (list: string, total: number | null) => `模型：${list}${total === null ? '' : ` …（共 ${total} 个）`}`,
    apiKey: 'API 密钥',
    sourceEnvironment: '来自 OPENAI_API_KEY',
    sourceStored: '已保存',
    sourceSettings: '在 settings.json 中',
    keyLine: (k: KeyLine) =>
      `${k.set ? (k.hint ? `已设置（${k.hint}）` : '已设置') : '未设置'}${k.set && k.source ? ` — ${k.source}` : ''}${
        k.storedOrigin ? (k.storedInUse ? `，用于 ${k.storedOrigin}` : ` · 已为 ${k.storedOrigin} 保存了一个密钥`) : ''
      }`,
    replace: '替换',
    clear: '清除',
    newApiKey: '新的 API 密钥',
    pasteApiKey: '粘贴 API 密钥 (sk-…)',
    sentOnlyTo: (origin: string) => `只发送给 ${origin}`,
    saveKeyFor: (origin: string) => `为 ${origin} 保存密钥`,
    saveKey: '保存密钥',
    cancel: '取消',
    keyNote: (note: string) =>
      `${note} 密钥不会再次显示，也不会写入工作区。项目设置中指定的服务器只有在密钥是为它保存的、或你信任它时，才会收到你的密钥。`,
    projectsMaySend: '项目可以将你的密钥发送给：',
    stopTrusting: '不再信任',
    model: '模型',
    provider: '提供方',
    presetCustom: '自定义',
    modelHint: (preset: string, hint: string) =>
      ({ lmstudio: 'LM Studio 中加载的模型', vllm: '所服务的模型名称', custom: '模型名称' } as Record<string, string>)[preset] ?? hint,
    customHint: '任何兼容 OpenAI 的服务器（vLLM、llama.cpp、Azure、代理…）。',
    needsKey: '需要 API 密钥。',
    runsLocally: '在本地运行；不需要 API 密钥。',
    baseUrl: '基础 URL',
    modelsOffered: (n: number) => `服务器提供 ${n} 个模型（输入以筛选）。`,
    timeoutSeconds: '超时（秒）',
    retries: '重试次数',
    source: (source: string) => sourceZh[source] ?? source,
    valueFrom: (value: string, source: string) => `${value}（${source}）`,
    inputPrice: '输入价格（美元/百万令牌）',
    outputPrice: '输出价格（美元/百万令牌）',
    priceHint: '提示和回答的令牌分开计价；设置价格后，费用会显示在看板和会话中。',
    notSet: '未设置',
    serverDefault: '服务器默认值',
    temperatureHint: (min: string, max: string) => `${min}–${max}；越低越可预测。`,
    maxTokensHint: (min: string, max: string) => `${min}–${max}；最长的回答 (max_tokens)。`,
    contextWindowHint: (min: string, max: string, budget: string | null) => `${min}–${max}${budget === null ? '' : `；提示预算 ≈ ${budget} 令牌`}`,
    settingsOfModel: (where: string | null) => `{0} 的设置${where === null ? '' : `（${where}）`}`,
    settingsOfTheModel: '模型的设置',
    perModelNone: '在上方填写模型名称，即可为它单独设置（尚未配置任何模型）。',
    perModelNamed: (name: string) => `保存在此文件的 models.${name} 下；留空的字段使用灰色显示的值。`,
    perModelInEffect: (name: string, where: string) => `此处未指定模型，因此这些设置适用于当前生效的模型 ${name}（来自${where}）；保存在此文件的 models.${name} 下。`,
    jsonMode: 'JSON 模式',
    jsonModeHint: '用于不支持工具调用的模型：智能体要求每次回复一个 JSON 对象。',
    forModel: (name: string) => `用于 ${name}`,
    nameModelFirst: '请先填写模型名称',
    vision: '视觉（图像）',
    visionHint: '任务中的截图只会发送给能接收图像的模型。',
    takesImages: '接收图像',
  },
});
