import { defineText } from '../i18n/defineText';
import type { WordValue } from './errorWords';
import { fieldText } from './settingsErrorStrings';

/**
 * The words of MCP server errors (issue 14), keys `mcp.<name>`. `state` is the server's state (`starting`,
 * `restarting`, `failed`, `disabled`, `needs_approval`); `error` what it last failed with (its own words).
 */
function notReadyEn(name: string, state: string, error: string): string {
  if (state === 'starting' || state === 'restarting') {
    return `The MCP server ${name} is ${state === 'starting' ? 'starting' : 'being restarted'}${error ? ` (${error})` : ''}; try again in a moment or use another tool.`;
  }
  if (state === 'failed') return `The MCP server ${name} failed: ${error || 'unknown error'}.`;
  if (state === 'disabled') return `The MCP server ${name} is disabled.`;
  return `The MCP server ${name} waits for your approval.`;
}
/** After `gaveUpAfter` restarts (0: still trying) the hub stops restarting a server: it says so after the cause. */
const gaveUpEn = (n: number) => (n > 0 ? ` (gave up after ${n} restarts; restart it in Settings → MCP servers)` : '');
const gaveUpZh = (n: number) => (n > 0 ? `（重启 ${n} 次后已放弃；请在“设置 → MCP 服务器”中重启它）` : '');

function notReadyZh(name: string, state: string, error: string): string {
  if (state === 'starting' || state === 'restarting') {
    return `MCP 服务器 ${name} 正在${state === 'starting' ? '启动' : '重启'}${error ? `（${error}）` : ''}；请稍后再试，或使用其他工具。`;
  }
  if (state === 'failed') return `MCP 服务器 ${name} 出错：${error || '未知错误'}。`;
  if (state === 'disabled') return `MCP 服务器 ${name} 已禁用。`;
  return `MCP 服务器 ${name} 正在等待你的批准。`;
}

export const mcpErrorStrings = defineText({
  en: {
    noSuchServer: (name: string, configured: string) => `No MCP server "${name}" (configured: ${configured || 'none'}).`,
    notReady: (name: string, state: string, error: string) => notReadyEn(name, state, error),
    noSuchTool: (tool: string, offered: string) => `No MCP tool ${tool} (the tools offered: ${offered || 'none'}).`,
    serverLacksTool: (name: string, tool: string) => `The MCP server ${name} offers no tool ${tool}.`,
    toolTimedOut: (tool: string, seconds: number) => `The MCP tool ${tool} did not answer within ${seconds} s.`,
    stoppedDuringCall: (name: string, said: string) => `The MCP server ${name} stopped during the call (${said}); it is being restarted.`,
    toolFailed: (tool: string, said: string) => `The MCP tool ${tool} failed: ${said}`,
    restartDisabled: (name: string) => `The MCP server ${name} is disabled: enable it first.`,
    restartUnapproved: (name: string) => `The MCP server ${name} waits for your approval: approve it first.`,
    globalNeedsNoApproval: (name: string) => `The MCP server ${name} is one of your global settings: it needs no approval.`,
    changedSinceSeen: (name: string, file: string) => `The configuration of ${name} in ${file} changed since you looked at it: look at it again before approving.`,
    settingsNotJson: (file: string, reason: string) => `The global settings (${file}) cannot be read as JSON (${reason}); fix the file first.`,
    notInGlobal: (name: string) => `No MCP server "${name}" in the global settings.`,
    serverExists: (name: string) => `An MCP server "${name}" is configured already: choose another name.`,
    // @mcp: mentions and resource links (issue 24).
    stillStarting: (name: string, seconds: number) => `The MCP server ${name} was still starting after ${seconds} s (its start timeout); mention it again once it is ready (Settings → MCP servers).`,
    promptMissingArgs: (server: string, prompt: string, missing: string, usage: string) =>
      `The prompt ${prompt} of the MCP server ${server} needs the argument${missing.includes(',') ? 's' : ''} ${missing}: mention it as ${usage}.`,
    templateMissingVars: (server: string, template: string, missing: string, usage: string) =>
      `The resource template ${template} of the MCP server ${server} needs ${missing}: mention it as ${usage}.`,
    argsNotForResource: (server: string, uri: string) => `${uri} of the MCP server ${server} is neither a prompt nor a resource template: it takes no key=value arguments.`,
    // A server's state (mcp.list, mcp.onChanged `errorWords`): why it waits, restarts or failed.
    awaitingApproval: (file: string) => `Proposed by this workspace (${file}): it starts once you approve it.`,
    serverStopped: (why: string, gaveUpAfter: number) => `The server stopped: ${why}${gaveUpEn(gaveUpAfter)}`,
    couldNotStart: (reason: string, gaveUpAfter: number) => `It could not start: ${reason}${gaveUpEn(gaveUpAfter)}`,
    // The configuration's problems (mcp.list `problems` / `problemWords`): `file` is the settings file or
    // .akira/mcp.json, `field` the server's entry (`mcpServers.files.url`), `said` a parser's or zod's own text.
    configNotJson: (file: string, said: string) => `${file}: ${said}`,
    configUnreadable: (file: string, said: string) => `${file}: ${said}`,
    serversNotObject: (file: string) => `${file}: mcpServers must be an object of server names`,
    commandEmpty: (file: string, field: string) => `${file}: ${field}: command is empty`,
    urlNotHttp: (file: string, field: string) => `${file}: ${field}: url must be an http:// or https:// URL`,
    needsCommandOrUrl: (file: string, field: string) =>
      `${file}: ${field}: an MCP server needs either "command" (a program started over stdio) or "url" (a streamable HTTP server)`,
    badServerField: (file: string, field: string, said: string) => `${file}: ${field}: ${said}`,
    // zod's own text for a server's field (the English as badServerField says it), with the generic words for the same
    // problem (`key`: `input.*`, the field first) that the Chinese says instead.
    serverFieldProblem: (file: string, field: string, said: string, _key: string, ..._values: WordValue[]) => `${file}: ${field}: ${said}`,
    shadowedByGlobal: (file: string, name: string) => `${file}: mcpServers.${name}: a global server has this name; the project's is ignored`,
  },
  'zh-CN': {
    noSuchServer: (name: string, configured: string) => `没有 MCP 服务器“${name}”（已配置：${configured || '无'}）。`,
    notReady: (name: string, state: string, error: string) => notReadyZh(name, state, error),
    noSuchTool: (tool: string, offered: string) => `没有 MCP 工具 ${tool}（可用的工具：${offered || '无'}）。`,
    serverLacksTool: (name: string, tool: string) => `MCP 服务器 ${name} 没有提供工具 ${tool}。`,
    toolTimedOut: (tool: string, seconds: number) => `MCP 工具 ${tool} 在 ${seconds} 秒内没有响应。`,
    stoppedDuringCall: (name: string, said: string) => `MCP 服务器 ${name} 在调用过程中停止了（${said}）；正在重启。`,
    toolFailed: (tool: string, said: string) => `MCP 工具 ${tool} 出错：${said}`,
    restartDisabled: (name: string) => `MCP 服务器 ${name} 已禁用：请先启用它。`,
    restartUnapproved: (name: string) => `MCP 服务器 ${name} 正在等待你的批准：请先批准它。`,
    globalNeedsNoApproval: (name: string) => `MCP 服务器 ${name} 来自你的全局设置：不需要批准。`,
    changedSinceSeen: (name: string, file: string) => `你查看之后，${file} 中 ${name} 的配置已被更改：请重新查看后再批准。`,
    settingsNotJson: (file: string, reason: string) => `全局设置（${file}）无法作为 JSON 读取（${reason}）；请先修复这个文件。`,
    notInGlobal: (name: string) => `全局设置中没有 MCP 服务器“${name}”。`,
    serverExists: (name: string) => `已经配置了名为“${name}”的 MCP 服务器：请换一个名称。`,
    stillStarting: (name: string, seconds: number) => `MCP 服务器 ${name} 在 ${seconds} 秒（它的启动超时）后仍在启动；请在它就绪后再提及它（设置 → MCP 服务器）。`,
    promptMissingArgs: (server: string, prompt: string, missing: string, usage: string) => `MCP 服务器 ${server} 的提示词 ${prompt} 需要参数 ${missing}：请写成 ${usage}。`,
    templateMissingVars: (server: string, template: string, missing: string, usage: string) => `MCP 服务器 ${server} 的资源模板 ${template} 需要 ${missing}：请写成 ${usage}。`,
    argsNotForResource: (server: string, uri: string) => `MCP 服务器 ${server} 的 ${uri} 既不是提示词也不是资源模板：它不接受 key=value 参数。`,
    awaitingApproval: (file: string) => `由此工作区提议（${file}）：你批准后它才会启动。`,
    serverStopped: (why: string, gaveUpAfter: number) => `服务器已停止：${why}${gaveUpZh(gaveUpAfter)}`,
    couldNotStart: (reason: string, gaveUpAfter: number) => `无法启动：${reason}${gaveUpZh(gaveUpAfter)}`,
    configNotJson: (file: string, said: string) => `${file} 不是有效的 JSON（${said}）`,
    configUnreadable: (file: string, said: string) => `无法读取 ${file}（${said}）`,
    serversNotObject: (file: string) => `${file}：mcpServers 必须是以服务器名称为键的对象`,
    commandEmpty: (file: string, field: string) => `${file}：${field}：command 为空`,
    urlNotHttp: (file: string, field: string) => `${file}：${field}：url 必须是 http:// 或 https:// 的 URL`,
    needsCommandOrUrl: (file: string, field: string) =>
      `${file}：${field}：MCP 服务器需要 "command"（通过 stdio 启动的程序）或 "url"（可流式传输的 HTTP 服务器）`,
    badServerField: (file: string, field: string, said: string) => `${file}：${field} 无效：${said}`,
    serverFieldProblem: (file: string, _field: string, _said: string, key: string, ...values: WordValue[]) => `${file}：${fieldText('zh-CN', key, values)}`,
    shadowedByGlobal: (file: string, name: string) => `${file}：mcpServers.${name}：全局设置中已有同名服务器；已忽略项目中的这个`,
  },
});
