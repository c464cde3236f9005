import { defineText } from '../i18n/defineText';
import { counted, endsQuoted } from '../i18n/plural';

/**
 * The words of model errors the UI and the CLI show (issue 14), keys `model.<name>`: no model configured, the key
 * refused, the server unreachable or refusing. `where` is the server's address as shown; `said` is what the server
 * said (its own words, redacted).
 */
const HOW_EN =
  'Configure one with flags, e.g. for Ollama: --base-url http://127.0.0.1:11434/v1 --model <name> ' +
  '(LM Studio: http://127.0.0.1:1234/v1); or in Settings (the gear in the status bar) or the settings files (model.baseURL, model.model); ' +
  'or with the environment variables OPENAI_BASE_URL, OPENAI_API_KEY and AKIRA_MODEL.';
const HOW_ZH =
  '可以用命令行参数配置，例如 Ollama：--base-url http://127.0.0.1:11434/v1 --model <名称>' +
  '（LM Studio：http://127.0.0.1:1234/v1）；也可以在设置中（状态栏里的齿轮）或设置文件中（model.baseURL、model.model）配置；' +
  '或者使用环境变量 OPENAI_BASE_URL、OPENAI_API_KEY 和 AKIRA_MODEL。';
/** How many models a server listed (-1: no list, `status` being its answer's status or "?"). */
const listedEn = (count: number, status: string) =>
  count < 0 ? `the model list is not available (${status})` : `${counted(count, 'model', 'models')} listed`;
const listedZh = (count: number, status: string) => (count < 0 ? `模型列表不可用（${status}）` : `列出了 ${count} 个模型`);
const sentence = (text: string) => (/[.!?。！？]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export const modelErrorStrings = defineText({
  en: {
    howToConfigure: HOW_EN,
    noModel: `No model is configured. ${HOW_EN}`,
    noModelName: (base: string) => `No model name is configured (the base URL is ${base}). ${HOW_EN}`,
    noBaseUrl: (model: string) => `No base URL is configured for the model ${model}. ${HOW_EN}`,
    notAUrl: (value: string, source: string) => `The model base URL "${value}" (from ${source}) is not a URL. ${HOW_EN}`,
    notHttp: (value: string, source: string) => `The model base URL must start with http:// or https://, got "${value}" (from ${source}).`,
    badSettings: (where: string, field: string, issue: string) => `The model settings in ${where} are not valid: ${field}: ${issue}.`,
    keyRefused: (where: string, status: number, said: string, hint: string) =>
      `The model server at ${where} refused the API key (${status}): ${sentence(said)} ${hint || 'Check the API key (settings, --api-key or OPENAI_API_KEY).'}`,
    accessDenied: (where: string, status: number, said: string, model: string) =>
      `The model server at ${where} denied access (${status}): ${sentence(said)} Check that the key may use the model ${model}.`,
    requestRefused: (where: string, status: number, said: string, model: string) =>
      `The model server at ${where} refused the request (${status}): ${sentence(said)}${status === 404 ? ` Check the model name (${model}) and that the base URL ends with the API path (often /v1).` : ''}`,
    serverAnswered: (where: string, status: number, said: string) => `The model server at ${where} answered ${status}: ${said}`,
    unreachable: (where: string, detail: string) => `Cannot reach the model server at ${where} (${detail}).`,
    streamCut: (where: string, chunks: number, cause: string) =>
      `${where}: the stream was cut after ${chunks} chunk${chunks === 1 ? '' : 's'}, before the reply was complete${cause ? ` (${cause})` : ''}`,
    noAnswer: (where: string, seconds: number) => `${where}: no answer within ${seconds} s`,
    unavailableAfter: (model: string, attempts: number, last: string) =>
      `The model ${model} is unavailable after ${attempts} attempt${attempts === 1 ? '' : 's'}. Last error: ${last || 'unknown'}`,
    keyWithheld: (origin: string, keySource: string, keyOrigin: string, file: string) =>
      `This workspace's .akira/settings.json sends the model to ${origin}, but your API key (${keySource}) is for ${keyOrigin}. ` +
      `Akira sends no key to a server a project names until you trust it. To trust it once: in the app, answer the question it asks; ` +
      `elsewhere add "${origin}" to "trustedModelServers" in ${file} (e.g. "trustedModelServers": ["${origin}"]), ` +
      `or choose the server yourself with --base-url, or save a key for ${origin} in Settings.`,
    cancelled: 'The model call was cancelled.',
    clientClosed: 'The model client was closed.',
    // Settings → "Test connection" (settings.testConnection's `errorWords`, `hintWords` and `messageWords`).
    testNoAnswer: (where: string, seconds: number) => `${where} did not answer within ${seconds} s.`,
    hintNeedsKey: 'This server wants an API key: save one in Settings → API key.',
    hintNotListening: 'Nothing is listening there: is the server running (Ollama: `ollama serve`; LM Studio: start its local server) and is the port right?',
    hintNoSuchHost: 'The host name does not resolve: check the base URL.',
    hintOverloaded: 'Check that the server is up and not overloaded.',
    hintCheckAddress: 'Is the server running at that address, and is the port right?',
    testListed: (where: string, ms: number, count: number) =>
      `Connected to ${where} in ${ms} ms: ${listedEn(count, '')}. Pick a model to try a chat completion.`,
    /** `count` -1: the server gave no model list (`listStatus` says why); `unlisted` 1: the model is not in it. */
    testAnswered: (where: string, count: number, listStatus: string, model: string, ms: number, said: string, unlisted: number) =>
      unlisted || !said
        ? `Connected to ${where}: ${listedEn(count, listStatus)}; ${model} answered in ${ms} ms${said ? `: “${said}”` : ''}` +
          `${unlisted ? ` (the server does not list ${model}, but it answered)` : ''}.`
        : endsQuoted(`Connected to ${where}: ${listedEn(count, listStatus)}; ${model} answered in ${ms} ms: “${said}”`, '.'),
  },
  'zh-CN': {
    howToConfigure: HOW_ZH,
    noModel: `尚未配置模型。${HOW_ZH}`,
    noModelName: (base: string) => `尚未配置模型名称（基础 URL 为 ${base}）。${HOW_ZH}`,
    noBaseUrl: (model: string) => `模型 ${model} 尚未配置基础 URL。${HOW_ZH}`,
    notAUrl: (value: string, source: string) => `模型基础 URL “${value}”（来自 ${source}）不是 URL。${HOW_ZH}`,
    notHttp: (value: string, source: string) => `模型基础 URL 必须以 http:// 或 https:// 开头，当前为“${value}”（来自 ${source}）。`,
    badSettings: (where: string, field: string, issue: string) => `${where} 中的模型设置无效：${field}：${issue}。`,
    keyRefused: (where: string, status: number, said: string, hint: string) =>
      `${where} 的模型服务器拒绝了 API 密钥（${status}）：${said.trim()} ${hint || '请检查 API 密钥（设置、--api-key 或 OPENAI_API_KEY）。'}`,
    accessDenied: (where: string, status: number, said: string, model: string) =>
      `${where} 的模型服务器拒绝访问（${status}）：${said.trim()} 请确认这个密钥可以使用模型 ${model}。`,
    requestRefused: (where: string, status: number, said: string, model: string) =>
      `${where} 的模型服务器拒绝了请求（${status}）：${said.trim()}${status === 404 ? ` 请检查模型名称（${model}），以及基础 URL 是否以 API 路径结尾（通常是 /v1）。` : ''}`,
    serverAnswered: (where: string, status: number, said: string) => `${where} 的模型服务器返回了 ${status}：${said}`,
    unreachable: (where: string, detail: string) => `无法连接 ${where} 的模型服务器（${detail}）。`,
    streamCut: (where: string, chunks: number, cause: string) => `${where}：回复在 ${chunks} 个数据块后被截断，尚未完整${cause ? `（${cause}）` : ''}`,
    noAnswer: (where: string, seconds: number) => `${where}：${seconds} 秒内没有回应`,
    unavailableAfter: (model: string, attempts: number, last: string) => `尝试 ${attempts} 次后，模型 ${model} 仍不可用。最后的错误：${last || '未知'}`,
    keyWithheld: (origin: string, keySource: string, keyOrigin: string, file: string) =>
      `这个工作区的 .akira/settings.json 把模型请求发往 ${origin}，但你的 API 密钥（${keySource}）属于 ${keyOrigin}。` +
      `在你信任项目指定的服务器之前，Akira 不会向它发送密钥。要信任它：在应用中回答它提出的问题；` +
      `或者在 ${file} 的 "trustedModelServers" 中加入 "${origin}"（例如 "trustedModelServers": ["${origin}"]），` +
      `或用 --base-url 自己选择服务器，或在设置中为 ${origin} 保存一个密钥。`,
    cancelled: '模型调用已取消。',
    clientClosed: '模型客户端已关闭。',
    testNoAnswer: (where: string, seconds: number) => `${where} 在 ${seconds} 秒内没有响应。`,
    hintNeedsKey: '这个服务器需要 API 密钥：请在“设置 → API 密钥”中保存一个。',
    hintNotListening: '那里没有服务在监听：服务器是否已启动（Ollama：`ollama serve`；LM Studio：启动它的本地服务器），端口是否正确？',
    hintNoSuchHost: '无法解析主机名：请检查基础 URL。',
    hintOverloaded: '请检查服务器是否已启动且没有过载。',
    hintCheckAddress: '服务器是否在这个地址上运行，端口是否正确？',
    testListed: (where: string, ms: number, count: number) => `已连接到 ${where}（${ms} 毫秒）：${listedZh(count, '')}。请选择一个模型来试一次聊天补全。`,
    testAnswered: (where: string, count: number, listStatus: string, model: string, ms: number, said: string, unlisted: number) =>
      unlisted || !said
        ? `已连接到 ${where}：${listedZh(count, listStatus)}；${model} 在 ${ms} 毫秒内作答${said ? `：“${said}”` : ''}` +
          `${unlisted ? `（服务器没有列出 ${model}，但它作答了）` : ''}。`
        : endsQuoted(`已连接到 ${where}：${listedZh(count, listStatus)}；${model} 在 ${ms} 毫秒内作答：“${said}”`, '。'),
  },
});
