import { defineText } from '../i18n/defineText';
import { counted, listIn } from '../i18n/plural';

/**
 * The reasons a session's events carry (issue 14), keys `reason.<name>`: why it paused, stopped, failed, waits or
 * was interrupted. The event's `reason` stays this English text (logs, --json, the model read it); `reasonWords`
 * beside it lets the UI say it in its language. Values are plain strings and numbers: a status is its enum name
 * (`waiting_approval`), a change's kind `create`/`modify`/`delete`, an empty label means none.
 */
const statusZh: Record<string, string> = {
  queued: '排队中',
  planning: '制定计划',
  awaiting_plan_approval: '等待批准计划',
  running: '运行',
  waiting_approval: '等待批准',
  paused: '已暂停',
  interrupted: '中断',
};
const kindZh: Record<string, string> = { create: '创建', modify: '修改', delete: '删除' };
/** What `akira run` waits for (kind `command`, `read`, `mcp`, `change` or `plan`, and its command, tool or path). */
const awaitedEn = (kind: string, name: string) =>
  kind === 'command' ? `the command \`${name}\`` : kind === 'read' ? `a read (${name})` : kind === 'mcp' ? `the MCP tool ${name}` : kind === 'change' ? `a change to ${name}` : kind === 'mode' ? `a switch to mode ${name}` : 'the plan';
const awaitedZh = (kind: string, name: string) =>
  kind === 'command' ? `命令 \`${name}\`` : kind === 'read' ? `一次读取（${name}）` : kind === 'mcp' ? `MCP 工具 ${name}` : kind === 'change' ? `对 ${name} 的更改` : kind === 'mode' ? `切换到模式 ${name}` : '计划';
const checkpointEn = (id: string, label: string) => (label ? `“${label}”` : id);
const checkpointZh = (id: string, label: string) => (label ? `“${label}”` : id);

const secretEn: Record<string, string> = { bearer: 'a bearer token', apiKey: 'an API key', urlKey: 'a key or token in a URL' };
const secretZh: Record<string, string> = { bearer: 'Bearer 令牌', apiKey: 'API 密钥', urlKey: 'URL 中的密钥或令牌' };
const sentenceEn = (text: string) => (/[.!?。！？]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const listEn = (items: string[]) => listIn('en', items);

export const sessionReasonStrings = defineText({
  en: {
    stoppedByUser: 'Stopped by the user.',
    parentStopped: 'Its parent session was stopped.',
    pausedByUser: 'Paused by the user.',
    unqueuedByUser: 'Taken out of the queue by the user.',
    stoppedFromApp: 'Stopped from the app.',
    stoppedFromStatusBar: 'Stopped from the status bar.',
    pausedFromStatusBar: 'Paused from the status bar.',
    unqueuedFromApp: 'Taken out of the queue from the app.',
    unqueuedFromStatusBar: 'Taken out of the queue from the status bar.',
    closedWhileQueued: 'Akira closed while the session waited in the queue; resume it to start it.',
    closedWhileRunning: 'Akira closed while the session ran; resume it to continue from its last consistent step.',
    processEnded: 'The process running it ended; resumed.',
    stoppedWhile: (status: string) => `Akira stopped while the session was ${status.replace(/_/g, ' ')}; resume it to continue from its last consistent step.`,
    /** A task or message held something shaped like a secret (`kinds`: `bearer`, `apiKey`, `urlKey`, comma-separated; `where`: `task` or `message`). */
    secretRedacted: (kinds: string, where: string) =>
      `The ${where === 'message' ? 'message' : 'task'} holds what looks like ${listEn(kinds.split(',').map((k) => secretEn[k] ?? k))}: it was replaced with [redacted] before it was sent to the model or written to the session's logs. Give secrets through environment variables or Settings instead.`,
    rewound: (checkpointId: string, label: string) =>
      `Rewound to checkpoint ${checkpointEn(checkpointId, label)}: the conversation is as it was then (files are not touched by a rewind). Resume to continue from there.`,
    rewoundWithFiles: (checkpointId: string, label: string) =>
      `Rewound to checkpoint ${checkpointEn(checkpointId, label)}: the conversation and the files are as they were then. Resume to continue from there.`,
    forked: (sessionId: string, checkpointId: string, label: string) =>
      `Forked from session ${sessionId} at checkpoint ${checkpointId}${label ? ` ("${label}")` : ''}; files were not touched. Resume to continue from there.`,
    waitingSlot: (running: number, max: number) =>
      `Waiting for a free slot: ${counted(running, 'session runs', 'sessions run')}, at most ${max} at once (policy limits.maxConcurrentTasks).`,
    waitingFolder: 'Waiting for the session running in this folder to end.',
    planWaits: 'The plan waits for approval.',
    todoFailedAsk: (todoId: string) => `TODO ${todoId} failed: retry, skip, edit or stop?`,
    waitingChange: (kind: string, path: string) => `Waiting for approval: ${kind} ${path}`,
    waitingChanges: (count: number) => `Waiting for approval: ${count} file changes`,
    waitingTool: (tool: string) => `Waiting for approval: ${tool}`,
    waitingChecker: (command: string) => `Waiting for approval of a checker: ${command}`,
    waitingCommand: (command: string) => `Waiting for approval of a command: ${command}`,
    waitingMcp: (call: string) => `Waiting for approval of an MCP tool: ${call}`,
    waitingModeSwitch: (from: string, to: string) => `The agent asks to switch mode: ${from} → ${to}`,
    waitingSandbox: (command: string) => `The sandbox blocked part of a command; allow it or keep it blocked: ${command}`,
    modelRefused: (status: number, message: string) =>
      `The model server refused the request (HTTP ${status}): ${message} Check the API key (OPENAI_API_KEY or the settings) and the access to the model, then resume.`,
    /** A 401 (issue 27, defect 4): one sentence, said in any face; each face adds how to fix it there (the app its Open Settings button, the CLI its flags). `note`: why no key was sent, or empty. */
    modelKeyRefused: (where: string, status: number, said: string, note: string) =>
      `The model server at ${where} refused the API key (HTTP ${status}): ${sentenceEn(said)}${note ? ` ${note}` : ''}`,
    /** A 403: the key may not use the model. */
    modelAccessDenied: (where: string, status: number, said: string, model: string) =>
      `The model server at ${where} denied access to the model ${model} (HTTP ${status}): ${sentenceEn(said)}`,
    modelFailed: (message: string) => `${message} Resume when the model works again.`,
    unexpected: (message: string) => `Unexpected error: ${message}`,
    noOneToApprove: (kind: string, name: string, resume: string) =>
      `Waiting for approval of ${awaitedEn(kind, name)}: run \`akira run\` on a terminal or with --yes. Resume with: ${resume}`,
    interrupted: (signal: string) => `Interrupted (${signal}).`,
    batchRefusedCommand:
      'The command was refused in batch mode: destructive commands are never approved by --yes. Run it yourself if it is needed, or resume the session on a terminal to decide.',
    batchRefusedChange: (path: string) =>
      `The change to ${path} was refused in batch mode: changes to Akira's own project files (settings, modes, MCP servers, rules) are never approved by --yes. The user can make it by hand, or resume the session on a terminal to decide.`,
    userRejected: 'The user rejected it.',
    keptBlocked: 'Kept blocked: no one here can allow it, and --yes never lets a command out of the sandbox.',
    userKeptBlocked: 'The user kept it blocked.',
    noUsablePlan: (tries: number, last: string) => `The model did not write a usable plan in ${tries} tries (${last}). Send a message with guidance, then resume.`,
    todoTurnsUsed: (todoId: string, turns: number) =>
      `TODO ${todoId} used its ${turns} model turns (policy maxToolLoopsPerTodo) without being done. Look at what it did, send a message if it needs a hint, then resume.`,
    fileLimit: (limit: number) =>
      `The session reached its limit of ${limit} file modifications (policy maxFileModificationsPerSession). Review the changes, then resume to allow more.`,
    finalRejected: (times: number, feedback: string) => `The final review rejected the task ${counted(times, 'time', 'times')}: ${feedback}`,
    todoRejectedStopped: (todoId: string, rejections: number, feedback: string) =>
      `TODO ${todoId} failed (the reviewer rejected it ${counted(rejections, 'time', 'times')}; last: ${feedback}); the user stopped the session.`,
    todoFailedStopped: (todoId: string, result: string) => `TODO ${todoId} failed (${result}); the user stopped the session.`,
    todoGaveUpStopped: (todoId: string) => `TODO ${todoId} failed (the agent gave up); the user stopped the session.`,
    specTasksFailed: (count: number, tasks: string, onFailure: string) =>
      `Task${count === 1 ? '' : 's'} ${tasks} failed; the other tasks were done (agent.spec.onFailure "${onFailure}").`,
  },
  'zh-CN': {
    stoppedByUser: '已被用户停止。',
    parentStopped: '它的父会话已停止。',
    pausedByUser: '已被用户暂停。',
    unqueuedByUser: '已被用户移出队列。',
    stoppedFromApp: '已在应用中停止。',
    stoppedFromStatusBar: '已在状态栏中停止。',
    pausedFromStatusBar: '已在状态栏中暂停。',
    unqueuedFromApp: '已在应用中移出队列。',
    unqueuedFromStatusBar: '已在状态栏中移出队列。',
    closedWhileQueued: 'Akira 在会话排队时关闭了；恢复会话即可启动它。',
    closedWhileRunning: 'Akira 在会话运行时关闭了；恢复会话即可从其最后一个一致的步骤继续。',
    processEnded: '运行它的进程已结束；已恢复。',
    stoppedWhile: (status: string) => `Akira 在会话处于“${statusZh[status] ?? status}”状态时停止了；恢复会话即可从其最后一个一致的步骤继续。`,
    secretRedacted: (kinds: string, where: string) =>
      `${where === 'message' ? '消息' : '任务'}中有看起来像${listIn('zh-CN', kinds.split(',').map((k) => secretZh[k] ?? k))}的内容：在发送给模型或写入会话日志之前，它已被替换为 [redacted]。请改用环境变量或设置来提供密钥。`,
    rewound: (checkpointId: string, label: string) =>
      `已回退到检查点 ${checkpointZh(checkpointId, label)}：对话恢复为当时的样子（回退不会改动文件）。恢复会话即可从那里继续。`,
    rewoundWithFiles: (checkpointId: string, label: string) =>
      `已回退到检查点 ${checkpointZh(checkpointId, label)}：对话和文件都恢复为当时的样子。恢复会话即可从那里继续。`,
    forked: (sessionId: string, checkpointId: string, label: string) =>
      `从会话 ${sessionId} 的检查点 ${checkpointId}${label ? `（“${label}”）` : ''} 分叉而来；文件未被改动。恢复会话即可从那里继续。`,
    waitingSlot: (running: number, max: number) => `等待空闲名额：${running} 个会话正在运行，最多同时运行 ${max} 个（策略 limits.maxConcurrentTasks）。`,
    waitingFolder: '等待此文件夹中正在运行的会话结束。',
    planWaits: '计划等待批准。',
    todoFailedAsk: (todoId: string) => `TODO ${todoId} 失败：重试、跳过、编辑还是停止？`,
    waitingChange: (kind: string, path: string) => `等待批准：${kindZh[kind] ?? kind} ${path}`,
    waitingChanges: (count: number) => `等待批准：${count} 处文件更改`,
    waitingTool: (tool: string) => `等待批准：${tool}`,
    waitingChecker: (command: string) => `等待批准检查命令：${command}`,
    waitingCommand: (command: string) => `等待批准命令：${command}`,
    waitingMcp: (call: string) => `等待批准 MCP 工具：${call}`,
    waitingModeSwitch: (from: string, to: string) => `智能体请求切换模式：${from} → ${to}`,
    waitingSandbox: (command: string) => `沙箱阻止了命令的一部分；请允许它或保持阻止：${command}`,
    modelRefused: (status: number, message: string) =>
      `模型服务器拒绝了请求（HTTP ${status}）：${message} 请检查 API 密钥（OPENAI_API_KEY 或设置）以及对该模型的访问权限，然后恢复会话。`,
    modelKeyRefused: (where: string, status: number, said: string, note: string) =>
      `${where} 的模型服务器拒绝了 API 密钥（HTTP ${status}）：${said.trim()}${note ? ` ${note}` : ''}`,
    modelAccessDenied: (where: string, status: number, said: string, model: string) =>
      `${where} 的模型服务器拒绝访问模型 ${model}（HTTP ${status}）：${said.trim()}`,
    modelFailed: (message: string) => `${message} 模型恢复正常后请恢复会话。`,
    unexpected: (message: string) => `意外错误：${message}`,
    noOneToApprove: (kind: string, name: string, resume: string) => `等待批准${awaitedZh(kind, name)}：请在终端上运行 \`akira run\`，或加上 --yes。继续：${resume}`,
    interrupted: (signal: string) => `已中断（${signal}）。`,
    batchRefusedCommand: '批处理模式拒绝了该命令：--yes 从不批准破坏性命令。如确有需要，请自行运行，或在终端上继续该会话再决定。',
    keptBlocked: '保持阻止：这里没有人可以允许它，而 --yes 从不让命令离开沙箱。',
    userKeptBlocked: '用户保持了阻止。',
    batchRefusedChange: (path: string) =>
      `批处理模式拒绝了对 ${path} 的更改：--yes 从不批准对 Akira 自身项目文件（设置、模式、MCP 服务器、规则）的更改。用户可以手动修改，或在终端上继续该会话再决定。`,
    userRejected: '用户拒绝了它。',
    noUsablePlan: (tries: number, last: string) => `模型尝试 ${tries} 次都没有写出可用的计划（${last}）。请发送一条指导消息，然后恢复会话。`,
    todoTurnsUsed: (todoId: string, turns: number) =>
      `TODO ${todoId} 已用完 ${turns} 轮模型调用（策略 maxToolLoopsPerTodo）仍未完成。请查看它做了什么，需要时发送提示消息，然后恢复会话。`,
    fileLimit: (limit: number) => `会话已达到 ${limit} 次文件修改的上限（策略 maxFileModificationsPerSession）。请审查这些更改，然后恢复会话以允许更多修改。`,
    finalRejected: (times: number, feedback: string) => `最终审查已拒绝该任务 ${times} 次：${feedback}`,
    todoRejectedStopped: (todoId: string, rejections: number, feedback: string) =>
      `TODO ${todoId} 失败（审查者拒绝了 ${rejections} 次；最后一次：${feedback}）；用户停止了会话。`,
    todoFailedStopped: (todoId: string, result: string) => `TODO ${todoId} 失败（${result}）；用户停止了会话。`,
    todoGaveUpStopped: (todoId: string) => `TODO ${todoId} 失败（智能体放弃了）；用户停止了会话。`,
    specTasksFailed: (count: number, tasks: string, onFailure: string) =>
      `${count === 1 ? '任务' : `${count} 个任务`} ${tasks} 失败；其他任务已完成（agent.spec.onFailure “${onFailure}”）。`,
  },
});
