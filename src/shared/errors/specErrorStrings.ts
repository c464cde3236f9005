import { defineText } from '../i18n/defineText';

/** The words of spec (tasks.md) and worktree errors (issue 14), keys `spec.<name>`. */
export const specErrorStrings = defineText({
  en: {
    unknownSource: (source: string) => `Unknown spec source: ${source}`,
    notASpecName: (name: string) => `Not a spec name: "${name}"`,
    fileTooLarge: (path: string, max: number) => `${path} is larger than ${max} bytes.`,
    noSuchSpec: (name: string, dir: string) => `No spec "${name}" in ${dir}.`,
    noSuchFile: (path: string) => `No such file: ${path}`,
    notUtf8: (path: string) => `${path} is not valid UTF-8; it is left as it is.`,
    keptChanging: (path: string) => `${path} kept changing while it was being updated; nothing was written.`,
    pathInsideWorkspace: (path: string) => `Name the tasks.md by its path inside the workspace (got "${path}").`,
    notInWorkspace: (path: string) => `No such file in the workspace: ${path}`,
    noSuchTask: (task: string, tasks: string) => `No task "${task}" in the tasks.md; its tasks are ${tasks || '(none)'}.`,

    badWorktreeId: 'A session id must start with 8 letters, digits, - or _ to name its worktree.',
    worktreeFolderExists: (short: string) => `The worktree folder of session ${short} already exists: discard it first.`,
    branchExists: (branch: string) => `The branch ${branch} already exists: discard that session first (or delete the branch).`,
    worktreeGone: (short: string) => `The worktree of session ${short} is gone (discarded?).`,
    worktreeOffBranch: (short: string, branch: string, head: string) =>
      `The worktree of session ${short} is no longer on ${branch} (${head || 'detached HEAD'}): check ${branch} out there first.`,
    nothingLeft: (short: string) => `Session ${short} has neither a worktree nor a branch any more (discarded?).`,
    checkedOutElsewhere: (branch: string, path: string) => `${branch} is checked out in ${path}: switch that tree to another branch before discarding the session.`,
    noSessionBranch: (branch: string) => `The session branch ${branch} does not exist (discarded?).`,
  },
  'zh-CN': {
    unknownSource: (source: string) => `未知的规格来源：${source}`,
    notASpecName: (name: string) => `不是规格名称：“${name}”`,
    fileTooLarge: (path: string, max: number) => `${path} 超过 ${max} 字节。`,
    noSuchSpec: (name: string, dir: string) => `${dir} 中没有规格“${name}”。`,
    noSuchFile: (path: string) => `没有这个文件：${path}`,
    notUtf8: (path: string) => `${path} 不是有效的 UTF-8；保持原样未改动。`,
    keptChanging: (path: string) => `更新 ${path} 时它一直在变化；没有写入任何内容。`,
    pathInsideWorkspace: (path: string) => `请用工作区内的路径指定 tasks.md（当前为“${path}”）。`,
    notInWorkspace: (path: string) => `工作区中没有这个文件：${path}`,
    noSuchTask: (task: string, tasks: string) => `tasks.md 中没有任务“${task}”；其中的任务有：${tasks || '（无）'}。`,

    badWorktreeId: '会话 ID 必须以 8 个字母、数字、- 或 _ 开头，才能为它的工作树命名。',
    worktreeFolderExists: (short: string) => `会话 ${short} 的工作树文件夹已存在：请先丢弃它。`,
    branchExists: (branch: string) => `分支 ${branch} 已存在：请先丢弃那个会话（或删除这个分支）。`,
    worktreeGone: (short: string) => `会话 ${short} 的工作树已不存在（已丢弃？）。`,
    worktreeOffBranch: (short: string, branch: string, head: string) =>
      `会话 ${short} 的工作树已不在 ${branch} 上（${head || '分离的 HEAD'}）：请先在那里检出 ${branch}。`,
    nothingLeft: (short: string) => `会话 ${short} 既没有工作树也没有分支了（已丢弃？）。`,
    checkedOutElsewhere: (branch: string, path: string) => `${branch} 已在 ${path} 中检出：丢弃会话前，请把那个目录树切换到其他分支。`,
    noSessionBranch: (branch: string) => `会话分支 ${branch} 不存在（已丢弃？）。`,
  },
});
