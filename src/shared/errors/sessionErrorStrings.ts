import { defineText } from '../i18n/defineText';
import { specErrorStrings } from './specErrorStrings';
import { sessionStatusZh } from '../agent/statusStrings';
import { counted } from '../i18n/plural';

/**
 * The words of session and agent-command errors (issue 14), keys `session.<name>`: starting, pausing, resuming,
 * stopping, approving, answering, the queue, the board and rewinds. `status` is a session's or a TODO's status as
 * the contract names it (`completed`, `in_progress`…), said in each language below.
 */
const statusEn = (status: string) => status.replace(/_/g, ' ');
/** A TODO's statuses and the other states these errors name (a session's come from the shared status catalog). */
const OTHER_STATUS_ZH: Record<string, string> = {
  pending: '待处理',
  in_progress: '进行中',
  done: '已完成',
  verified: '已验证',
  waiting_for_user: '等待用户',
  awaiting_approval: '等待批准',
};
const statusZh = (status: string) => sessionStatusZh(status) ?? OTHER_STATUS_ZH[status] ?? status;

/**
 * Why worktrees cannot be used (`noWorktreeHere`): `why` names a message of the spec catalog (`notARepo`,
 * `noCommits`, `noWorktreeFace`…: the spec.* words of worktreeSessions.ts and repoProbe.ts); `said` is git's text
 * for the ones that quote it.
 */
function whyNoWorktree(language: 'en' | 'zh-CN', why: string, said: string): string {
  const messages = specErrorStrings[language] as unknown as Record<string, string | ((said: string) => string)>;
  const message = Object.hasOwn(messages, why) ? messages[why] : undefined;
  return typeof message === 'function' ? message(said) : (message ?? said);
}

export const sessionErrorStrings = defineText({
  en: {
    notRunningHere: (id: string) => `Session ${id} is not running in this Akira; resume it first (agent.resume).`,
    shuttingDown: 'The agent is shutting down.',
    cannotResume: (id: string, status: string) => `Session ${id} is ${status}; it cannot be resumed.`,
    followUpDiscarded: (id: string) => `Session ${id} ran in a worktree that was discarded; it cannot take a follow-up. Start a new session.`,
    alreadyEnded: (id: string, status: string) => `Session ${id} is already ${status}.`,
    nothingToApprove: (changeId: string, id: string) => `Nothing with id ${changeId} waits for approval in session ${id}.`,
    nothingToApproveHere: (changeId: string) => `Nothing with id ${changeId} waits for approval in this session.`,
    notForGood: 'This approval cannot be allowed for good (only a single, non-destructive command can); approve it once instead.',
    allowListUnavailable: 'The allow list cannot be saved here.',
    commandAsIs: 'A command is approved as it is: content applies to file changes only.',
    notSandboxBlocked: 'This approval is not a command the sandbox blocked: `sandbox` applies to those only.',
    sandboxNotForGood: 'A command the sandbox blocked is allowed with `sandbox` (session, workspace, global or outside), not with alwaysAllow.',
    sandboxNothingToAllow: 'Nothing the sandbox blocked here can be allowed (a name that does not resolve, or Akira\'s own data folder): run it outside the sandbox, or keep it blocked.',
    noSandboxGrant: (value: string) => `Nothing is allowed for this workspace as ${value}: it may have been taken back already.`,
    sandboxGrantUnavailable: 'Allowing it for the workspace or everywhere is not possible here; allow it for this session instead.',
    deleteWithContent: 'A delete cannot be approved with content: reject it instead.',
    noImages: (model: string) =>
      `The model ${model} is not set up for images. If it takes them, set "models": {"${model}": {"vision": true}} in the settings (or tick "Vision" for it in Settings); otherwise describe the screenshot in words.`,
    treeBusy: (count: number) =>
      count === 1
        ? 'Another session is running in this folder: wait for it (whenBusy "queue") or run beside it on the same files (whenBusy "parallel").'
        : `${count} sessions are running in this folder: wait for them (whenBusy "queue") or run beside them on the same files (whenBusy "parallel").`,
    notInQueue: (ids: string, queued: string) => `Not in the queue: ${ids}. Queued: ${queued || 'none'}.`,
    queuedStop: (id: string, position: number) => `Session ${id} is queued (position ${position}); stop takes it out of the queue.`,
    queuedResume: (id: string, position: number) => `Session ${id} is queued (position ${position}); it starts by itself when a slot frees.`,
    notWaitingForPlan: 'The session is not waiting for a plan approval.',
    notWaitingForAnswer: 'The session is not waiting for an answer.',
    sessionAlready: (status: string) => `The session is already ${status}.`,
    sessionEnded: (status: string) => `The session is ${status}; send it a follow-up (agent.sendMessage) to go on.`,
    modeAfterEnd: (status: string) => `The session is ${status}: its mode can no longer change (nothing was changed).`,
    modeWhileQueued: (id: string) => `Session ${id} is queued: change its mode once it has started (nothing was changed).`,
    modesUnavailable: 'This session cannot change its mode here.',
    alreadyRunning: 'The session is running already.',
    otherQuestion: (open: string, given: string) => `The open question is ${open}, not ${given}.`,
    noSuchMode: (mode: string, modes: string, broken: string) => `There is no mode "${mode}". Modes: ${modes}.${broken}`,

    boardClosed: (id: string, status: string) =>
      `Session ${id} is ${status}: its TODOs cannot be edited any more (fork it from a checkpoint to go on differently).`,
    noPlanYet: (id: string) => `Session ${id} has no plan yet: there are no TODOs to edit.`,
    noSuchTodo: (todo: string) => `There is no TODO "${todo}" on the board (a new TODO has no id).`,
    todoTwice: (todo: string) => `TODO ${todo} is listed twice.`,
    tooManyTodos: (count: number, max: number) => `The board would have ${count} TODOs; at most ${max} are allowed in a session (policy maxTasksPerSession).`,
    todoNotRemovable: (todo: string, status: string) => `TODO ${todo} is ${statusEn(status)}: it cannot be removed (only TODOs not started yet can).`,
    todoNotEditable: (todo: string, status: string) => `TODO ${todo} is ${statusEn(status)}: it cannot be changed (only TODOs not started yet can be edited).`,
    todoNotMovable: (todo: string, status: string) =>
      `TODO ${todo} is ${statusEn(status)}: it must stay in its place (started TODOs keep their order; pending ones may move around them).`,
    rewindRunning: (id: string) => `Session ${id} is running (or still finishing its step after a pause): pause it first, then rewind.`,
    rewindStatus: (id: string, status: string) => `Session ${id} is ${statusEn(status)}: pause it first, then rewind.`,
    undoRunning: (id: string) => `Session ${id} is running again: its rewind can no longer be undone (rewind it to one of its checkpoints instead).`,
    noRewind: (id: string) => `Session ${id} has no rewind to undo.`,

    noSuchSession: (id: string) => `No session ${id} in this workspace.`,
    sessionClosed: (id: string) => `Session ${id} is closed.`,
    alreadyOpen: (id: string) => `Session ${id} is already open.`,
    openElsewhere: (id: string, who: string) => `Session ${id} is open in ${who}; close it there first.`,
    noLock: (id: string) => `Could not take the lock of session ${id}.`,
    storeClosed: 'The session store is closed.',
    wentOnAfterRewind: (id: string, type: string, seq: number) =>
      `Session ${id} went on after its rewind (${type} at event #${seq}): it can no longer be undone; rewind it to one of its checkpoints instead.`,
    logEmpty: (id: string) => `Session ${id} has no readable events.`,
    logNotStarted: (id: string) => `Session ${id} does not start with session_started.`,
    logOfOther: (folder: string, id: string) => `The log in session folder ${folder} belongs to session ${id}.`,
    logNotWritten: (id: string, said: string) => `The event log of session ${id} could not be written (${said}); reopen the session.`,
    invalidSession: (said: string) => `Invalid session: ${said}`,
    invalidEvent: (type: string, said: string) => `Invalid ${type} session event: ${said}`,
    invalidStoredEvent: (type: string, said: string) => `Invalid ${type} session event after redaction: ${said}`,
    startedByCreate: 'session_started is written by createSession only.',
    badSessionId: (shown: string) => `Invalid session id ${shown}: expected a UUID v4 such as 3b241101-e2bb-4255-8caf-4136c566a962.`,
    imageEmpty: (name: string) => `The image "${name}" is empty.`,
    imageTooLarge: (name: string, bytes: number, maxMb: number) => `The image "${name}" has ${bytes} bytes; at most ${maxMb} MB.`,
    imageNotThatType: (name: string, type: string) => `The image "${name}" is not a ${type} image (its bytes do not say so).`,

    worktreeBusy: (id: string, action: string) =>
      `Session ${id} is running; pause or stop it before you ${action === 'merge' ? 'merge' : 'discard'} its worktree.`,
    notInWorktree: (id: string) => `Session ${id} works in the workspace's own tree, not in a worktree.`,
    worktreeDiscarded: (id: string) => `The worktree of session ${id} was discarded.`,
    noWorktreeHere: (why: string, said: string) => `This session cannot run in a worktree: ${whyNoWorktree('en', why, said)}`,
    /** `akira run --worktree` where agent.isolation says no: `why` and `said` as for noWorktreeHere. */
    worktreeFlagRefused: (why: string, said: string) => `--worktree is not possible here: ${whyNoWorktree('en', why, said)}`,
    worktreeGoneStop: (id: string, path: string) => `The worktree of session ${id} (${path}) is gone; the session cannot go on. Discard it.`,
    ownTreeTerminal: (id: string) => `Session ${id} works in the workspace's own tree: open a terminal there.`,
    worktreeGone: (id: string) => `The worktree of session ${id} is gone.`,
    noTerminals: 'Terminals are not available in this face.',
    checkpointAmbiguous: (id: string, session: string, ids: string) => `Checkpoint id "${id}" is ambiguous in session ${session}: ${ids}.`,
    checkpointNotTaken: (id: string, session: string, taken: string) =>
      `Checkpoint ${id} was not taken by session ${session}${taken ? ` (its checkpoints: ${taken})` : ' (it has none)'}.`,

    specNothingToRun: (path: string, optional: number) =>
      `Nothing to run: every selected task of ${path} is ticked already${optional ? ` (${counted(optional, 'optional task', 'optional tasks')} left out: name them with only to run them)` : ''}.`,
    sessionExists: (id: string) => `Session ${id} already exists.`,
    /** agent.sessions.retentionDays in a settings file (`place`: `global` or `workspace`). */
    retentionNotObject: (place: string, file: string) => `${place === 'global' ? `The global settings (${file})` : file}: agent.sessions must be an object, e.g. {"retentionDays": 90}.`,
    retentionOutOfRange: (place: string, file: string, min: number, max: number, got: string) =>
      `${place === 'global' ? `The global settings (${file})` : file}: agent.sessions.retentionDays must be a whole number of days from ${min} to ${max} (got ${got}).`,
    notAnImageName: (file: string) => `Not an image file name: ${file}`,
    specNoTasks: (path: string, problem: string) => `${path} has no tasks (lines like "- [ ] 1. Do this").${problem ? ` ${problem}` : ''}`,
    specTooManyTasks: (path: string, count: number, max: number) =>
      `${path} has ${count} open tasks; a session runs at most ${max} (policy limits.maxTasksPerSession). Run a part of it (only / from), or raise the limit.`,
  },
  'zh-CN': {
    notRunningHere: (id: string) => `会话 ${id} 没有在这个 Akira 中运行；请先恢复它（agent.resume）。`,
    shuttingDown: '智能体正在关闭。',
    cannotResume: (id: string, status: string) => `会话 ${id} ${statusZh(status)}，无法继续。`,
    followUpDiscarded: (id: string) => `会话 ${id} 所在的工作树已被丢弃，无法追问。请开始一个新会话。`,
    alreadyEnded: (id: string, status: string) => `会话 ${id} 已经结束（${statusZh(status)}）。`,
    nothingToApprove: (changeId: string, id: string) => `会话 ${id} 中没有 ID 为 ${changeId} 的待批准项。`,
    nothingToApproveHere: (changeId: string) => `这个会话中没有 ID 为 ${changeId} 的待批准项。`,
    notForGood: '这项批准不能设为始终允许（只有单条、非破坏性的命令可以）；请只批准这一次。',
    allowListUnavailable: '这里无法保存允许列表。',
    commandAsIs: '命令只能按原样批准：修改内容只适用于文件更改。',
    notSandboxBlocked: '这项批准不是被沙箱阻止的命令：`sandbox` 只适用于那类批准。',
    sandboxNotForGood: '被沙箱阻止的命令要用 `sandbox`（session、workspace、global 或 outside）来允许，而不是 alwaysAllow。',
    sandboxNothingToAllow: '沙箱在这里阻止的内容都无法允许（无法解析的名称，或 Akira 自己的数据文件夹）：请在沙箱外运行它，或保持阻止。',
    noSandboxGrant: (value: string) => `此工作区没有允许 ${value}：它可能已被收回。`,
    sandboxGrantUnavailable: '这里无法为整个工作区或所有地方允许它；请只为本会话允许。',
    deleteWithContent: '删除不能附带内容批准：请拒绝它。',
    noImages: (model: string) =>
      `模型 ${model} 没有设置为接受图片。如果它支持图片，请在设置中写入 "models": {"${model}": {"vision": true}}（或在设置里为它勾选“Vision”）；否则请用文字描述截图。`,
    treeBusy: (count: number) =>
      count === 1
        ? '另一个会话正在这个文件夹中运行：可以等它结束（whenBusy "queue"），或在相同的文件上与它并行运行（whenBusy "parallel"）。'
        : `${count} 个会话正在这个文件夹中运行：可以等它们结束（whenBusy "queue"），或在相同的文件上与它们并行运行（whenBusy "parallel"）。`,
    notInQueue: (ids: string, queued: string) => `不在队列中：${ids}。队列中：${queued || '无'}。`,
    queuedStop: (id: string, position: number) => `会话 ${id} 正在排队（第 ${position} 位）；停止会把它移出队列。`,
    queuedResume: (id: string, position: number) => `会话 ${id} 正在排队（第 ${position} 位）；有空位时会自动开始。`,
    notWaitingForPlan: '会话没有在等待计划批准。',
    notWaitingForAnswer: '会话没有在等待回答。',
    sessionAlready: (status: string) => `会话已经结束（${statusZh(status)}）。`,
    sessionEnded: (status: string) => `会话${statusZh(status)}；可以发送追问（agent.sendMessage）继续。`,
    modeAfterEnd: (status: string) => `会话${statusZh(status)}：它的模式不能再更改（未做任何更改）。`,
    modeWhileQueued: (id: string) => `会话 ${id} 正在排队：请在它开始后再更改模式（未做任何更改）。`,
    modesUnavailable: '这个会话在这里不能更改模式。',
    alreadyRunning: '会话已经在运行。',
    otherQuestion: (open: string, given: string) => `当前待回答的问题是 ${open}，不是 ${given}。`,
    noSuchMode: (mode: string, modes: string, broken: string) => `没有模式“${mode}”。可用模式：${modes}。${broken}`,

    boardClosed: (id: string, status: string) => `会话 ${id} ${statusZh(status)}：它的 TODO 已不能再编辑（可以从某个检查点分叉出新会话）。`,
    noPlanYet: (id: string) => `会话 ${id} 还没有计划：没有可以编辑的 TODO。`,
    noSuchTodo: (todo: string) => `看板上没有 TODO“${todo}”（新 TODO 没有 ID）。`,
    todoTwice: (todo: string) => `TODO ${todo} 被列出了两次。`,
    tooManyTodos: (count: number, max: number) => `看板上将有 ${count} 个 TODO；一个会话最多允许 ${max} 个（策略 maxTasksPerSession）。`,
    todoNotRemovable: (todo: string, status: string) => `TODO ${todo} ${statusZh(status)}：不能删除（只有尚未开始的 TODO 可以）。`,
    todoNotEditable: (todo: string, status: string) => `TODO ${todo} ${statusZh(status)}：不能修改（只有尚未开始的 TODO 可以编辑）。`,
    todoNotMovable: (todo: string, status: string) => `TODO ${todo} ${statusZh(status)}：必须留在原位（已开始的 TODO 保持顺序；待处理的可以在它们之间移动）。`,
    rewindRunning: (id: string) => `会话 ${id} 正在运行（或暂停后仍在完成当前步骤）：请先暂停，再回退。`,
    rewindStatus: (id: string, status: string) => `会话 ${id} ${statusZh(status)}：请先暂停，再回退。`,
    undoRunning: (id: string) => `会话 ${id} 又开始运行了：它的回退已无法撤销（请改为回退到它的某个检查点）。`,
    noRewind: (id: string) => `会话 ${id} 没有可以撤销的回退。`,

    noSuchSession: (id: string) => `这个工作区中没有会话 ${id}。`,
    sessionClosed: (id: string) => `会话 ${id} 已关闭。`,
    alreadyOpen: (id: string) => `会话 ${id} 已经打开。`,
    openElsewhere: (id: string, who: string) => `会话 ${id} 已在 ${who} 中打开；请先在那里关闭它。`,
    noLock: (id: string) => `无法获取会话 ${id} 的锁。`,
    storeClosed: '会话存储已关闭。',
    wentOnAfterRewind: (id: string, type: string, seq: number) =>
      `会话 ${id} 在回退之后又继续了（第 #${seq} 个事件 ${type}）：已无法撤销；请改为回退到它的某个检查点。`,
    logEmpty: (id: string) => `会话 ${id} 没有可读取的事件。`,
    logNotStarted: (id: string) => `会话 ${id} 的日志不是以 session_started 开头。`,
    logOfOther: (folder: string, id: string) => `会话文件夹 ${folder} 中的日志属于会话 ${id}。`,
    logNotWritten: (id: string, said: string) => `无法写入会话 ${id} 的事件日志（${said}）；请重新打开会话。`,
    invalidSession: (said: string) => `无效的会话：${said}`,
    invalidEvent: (type: string, said: string) => `无效的 ${type} 会话事件：${said}`,
    invalidStoredEvent: (type: string, said: string) => `脱敏之后 ${type} 会话事件无效：${said}`,
    startedByCreate: 'session_started 只能由 createSession 写入。',
    badSessionId: (shown: string) => `无效的会话 ID ${shown}：应为 UUID v4，例如 3b241101-e2bb-4255-8caf-4136c566a962。`,
    imageEmpty: (name: string) => `图片“${name}”是空的。`,
    imageTooLarge: (name: string, bytes: number, maxMb: number) => `图片“${name}”有 ${bytes} 字节；最多 ${maxMb} MB。`,
    imageNotThatType: (name: string, type: string) => `图片“${name}”不是 ${type} 图片（它的字节内容不符）。`,

    worktreeBusy: (id: string, action: string) => `会话 ${id} 正在运行；请先暂停或停止它，再${action === 'merge' ? '合并' : '丢弃'}它的工作树。`,
    notInWorktree: (id: string) => `会话 ${id} 在工作区自己的目录树中运行，不在工作树中。`,
    worktreeDiscarded: (id: string) => `会话 ${id} 的工作树已被丢弃。`,
    noWorktreeHere: (why: string, said: string) => `这个会话不能在工作树中运行：${whyNoWorktree('zh-CN', why, said)}`,
    worktreeFlagRefused: (why: string, said: string) => `此处无法使用 --worktree：${whyNoWorktree('zh-CN', why, said)}`,
    worktreeGoneStop: (id: string, path: string) => `会话 ${id} 的工作树（${path}）已不存在；会话无法继续。请丢弃它。`,
    ownTreeTerminal: (id: string) => `会话 ${id} 在工作区自己的目录树中运行：请在那里打开终端。`,
    worktreeGone: (id: string) => `会话 ${id} 的工作树已不存在。`,
    noTerminals: '这个界面中没有终端可用。',
    checkpointAmbiguous: (id: string, session: string, ids: string) => `检查点 ID“${id}”在会话 ${session} 中有歧义：${ids}。`,
    checkpointNotTaken: (id: string, session: string, taken: string) =>
      `检查点 ${id} 不是会话 ${session} 创建的${taken ? `（它的检查点：${taken}）` : '（它没有检查点）'}。`,

    specNothingToRun: (path: string, optional: number) =>
      `没有可运行的任务：${path} 中选中的任务都已勾选${optional ? `（另有 ${optional} 个可选任务未包含：用 only 指定它们即可运行）` : ''}。`,
    sessionExists: (id: string) => `会话 ${id} 已存在。`,
    retentionNotObject: (place: string, file: string) => `${place === 'global' ? `全局设置（${file}）` : file}：agent.sessions 必须是对象，例如 {"retentionDays": 90}。`,
    retentionOutOfRange: (place: string, file: string, min: number, max: number, got: string) =>
      `${place === 'global' ? `全局设置（${file}）` : file}：agent.sessions.retentionDays 必须是 ${min} 到 ${max} 之间的整数天数（当前为 ${got}）。`,
    notAnImageName: (file: string) => `不是图片文件名：${file}`,
    specNoTasks: (path: string, problem: string) => `${path} 中没有任务（形如 "- [ ] 1. Do this" 的行）。${problem ? ` ${problem}` : ''}`,
    specTooManyTasks: (path: string, count: number, max: number) =>
      `${path} 有 ${count} 个未完成的任务；一个会话最多运行 ${max} 个（策略 limits.maxTasksPerSession）。请只运行其中一部分（only / from），或提高上限。`,
  },
});
