import { defineText } from '../i18n/defineText';

/**
 * The words of spec (tasks.md) and worktree errors (issue 14), keys `spec.<name>`. `said` is git's own text (one
 * line, its `fatal:` prefixes dropped); `short` a session id's first 8 characters, which name its worktree.
 */
const taskEn = (number: string, title: string) => (number ? `task ${number} "${title}"` : `task "${title}"`);
const taskZh = (number: string, title: string) => (number ? `任务 ${number}“${title}”` : `任务“${title}”`);

/**
 * Why a merge did not happen (mergeBack.ts, `agent.merge`'s `reasonWords`): `operation` is what is under way in the
 * user's tree (`merge`, `rebase`, `am`, `cherryPick`, `revert`); `files` the first names, `more` how many others.
 */
const OPERATION_EN: Record<string, string> = { merge: 'a merge', rebase: 'a rebase', am: 'a rebase or git am', cherryPick: 'a cherry-pick', revert: 'a revert' };
const OPERATION_ZH: Record<string, string> = { merge: '合并', rebase: '变基', am: '变基或 git am', cherryPick: '拣选（cherry-pick）', revert: '还原（revert）' };
const filesEn = (files: string, more: number) => (!files ? 'some files' : more > 0 ? `${files} and ${more} more` : files);
const filesZh = (files: string, more: number) => (!files ? '一些文件' : more > 0 ? `${files} 及另外 ${more} 个文件` : files);

export const specErrorStrings = defineText({
  en: {
    unknownSource: (source: string) => `Unknown spec source: ${source}`,
    notASpecName: (name: string) => `Not a spec name: "${name}"`,
    fileTooLarge: (path: string, max: number) => `${path} is larger than ${max} bytes.`,
    noSuchSpec: (name: string, dir: string) => `No spec "${name}" in ${dir}.`,
    openSpecArchive: (dir: string) => `${dir} holds OpenSpec's finished (archived) changes; it is not a change. Name one of the changes in openspec/changes.`,
    noSuchFile: (path: string) => `No such file: ${path}`,
    notUtf8: (path: string) => `${path} is not valid UTF-8; it is left as it is.`,
    keptChanging: (path: string) => `${path} kept changing while it was being updated; nothing was written.`,
    pathInsideWorkspace: (path: string) => `Name the tasks.md by its path inside the workspace (got "${path}").`,
    notInWorkspace: (path: string) => `No such file in the workspace: ${path}`,
    noSuchTask: (task: string, tasks: string) => `No task "${task}" in the tasks.md; its tasks are ${tasks || '(none)'}.`,
    // A task found again by its number (empty: unnumbered) and title; `lines` are 1-based. `hints` is English only
    // (what changed about each near match); Chinese names the near matches' lines.
    taskTwice: (number: string, title: string, lines: string) =>
      `${taskEn(number, title)} is in tasks.md more than once (lines ${lines}); give each a distinct number or title.`,
    taskGone: (number: string, title: string, hints: string, _lines: string) => `${taskEn(number, title)} is not in tasks.md${hints ? ` (${hints})` : ''}.`,

    badWorktreeId: 'A session id must start with 8 letters, digits, - or _ to name its worktree.',
    worktreeFolderExists: (short: string) => `The worktree folder of session ${short} already exists: discard it first.`,
    branchExists: (branch: string) => `The branch ${branch} already exists: discard that session first (or delete the branch).`,
    worktreeGone: (short: string) => `The worktree of session ${short} is gone (discarded?).`,
    worktreeOffBranch: (short: string, branch: string, head: string) =>
      `The worktree of session ${short} is no longer on ${branch} (${head || 'detached HEAD'}): check ${branch} out there first.`,
    nothingLeft: (short: string) => `Session ${short} has neither a worktree nor a branch any more (discarded?).`,
    checkedOutElsewhere: (branch: string, path: string) => `${branch} is checked out in ${path}: switch that tree to another branch before discarding the session.`,
    noSessionBranch: (branch: string) => `The session branch ${branch} does not exist (discarded?).`,

    gitCannotRun: (said: string) => `Cannot run git (${said}); is git installed and on the PATH?`,
    gitFailed: (command: string, said: string, code: string) => `git ${command} failed: ${said || `exit code ${code}`}`,
    mergeNotAborted: (short: string, said: string) =>
      `The merge of akira/${short} conflicted and could not be aborted (${said}): run git merge --abort in your repository.`,
    mergeStillInProgress: (short: string) =>
      `The merge of akira/${short} conflicted and is still in progress after git merge --abort: run it again in your repository.`,
    recordMismatch: (sessionId: string, branch: string) =>
      `This worktree record does not match session ${sessionId}: expected ${branch} at its own folder.`,
    noWorktreeFace: 'Worktree sessions are not available in this face.',
    bareRepo: 'The workspace is a bare git repository (it has no working files): worktree isolation needs a normal repository.',
    insideGitFolder: "The workspace is inside a .git folder, not in a repository's working files.",
    repoNotFound: 'git did not say where the repository of the workspace is.',
    noCommits: 'The repository has no commits yet: make a first commit to use worktree isolation.',
    dataInRepo: "Akira's data folder is inside this repository: worktrees would land in your own working files.",
    gitMissing: (said: string) => `git cannot run here (${said}): install git to use worktree isolation.`,
    gitNotInstalled:
      'git is not installed (no git on the PATH): worktree sessions need it. Install it from https://git-scm.com/downloads (or: apt install git, brew install git, winget install Git.Git), then open the folder again.',
    notARepo: 'The workspace is not a git repository: worktree isolation needs one (git init and a first commit).',
    dubiousOwnership: 'git refuses this repository because it belongs to another user (safe.directory): worktree isolation is off.',
    notUsableRepo: (said: string) => `git cannot use this folder as a repository: ${said}`,

    mergeDuringOperation: (operation: string) =>
      `Your repository is in the middle of ${OPERATION_EN[operation] ?? operation}: finish or abort it first; nothing was merged.`,
    mergeOnDetachedHead: 'Your repository is on a detached HEAD: check out the branch to merge into first; nothing was merged.',
    mergeWouldOverwrite: (untracked: string, files: string, more: number, count: number) =>
      `The merge would overwrite your ${untracked === 'untracked' ? 'untracked files' : 'uncommitted changes to'} ${filesEn(files, more)}: commit or stash ${count === 1 ? 'it' : 'them'} first${untracked === 'untracked' ? ' (or move them away)' : ''}; nothing was merged.`,
    mergeRefusedByGit: (said: string, code: string) => `git refused the merge: ${said || `exit code ${code}`}; nothing was merged.`,
    mergeConflicts: (files: string, more: number, short: string) =>
      `The session's changes conflict with yours in ${filesEn(files, more)}: nothing was merged (the merge was aborted). Resolve by hand (git merge akira/${short}) or discard the session.`,
    mergeLinksOutside: (links: string, more: number, short: string) =>
      `The session's branch brings symbolic links that point outside the workspace (${filesEn(links, more)}): nothing was merged. Remove them on branch akira/${short}, or discard the session.`,
  },
  'zh-CN': {
    unknownSource: (source: string) => `未知的规格来源：${source}`,
    notASpecName: (name: string) => `不是规格名称：“${name}”`,
    fileTooLarge: (path: string, max: number) => `${path} 超过 ${max} 字节。`,
    noSuchSpec: (name: string, dir: string) => `${dir} 中没有规格“${name}”。`,
    openSpecArchive: (dir: string) => `${dir} 存放的是 OpenSpec 已完成（已归档）的变更，它本身不是变更。请指定 openspec/changes 中的某个变更。`,
    noSuchFile: (path: string) => `没有这个文件：${path}`,
    notUtf8: (path: string) => `${path} 不是有效的 UTF-8；保持原样未改动。`,
    keptChanging: (path: string) => `更新 ${path} 时它一直在变化；没有写入任何内容。`,
    pathInsideWorkspace: (path: string) => `请用工作区内的路径指定 tasks.md（当前为“${path}”）。`,
    notInWorkspace: (path: string) => `工作区中没有这个文件：${path}`,
    noSuchTask: (task: string, tasks: string) => `tasks.md 中没有任务“${task}”；其中的任务有：${tasks || '（无）'}。`,
    taskTwice: (number: string, title: string, lines: string) => `${taskZh(number, title)}在 tasks.md 中出现了不止一次（第 ${lines} 行）；请为每个任务使用不同的编号或标题。`,
    taskGone: (number: string, title: string, _hints: string, lines: string) =>
      `tasks.md 中没有${taskZh(number, title)}${lines ? `（第 ${lines} 行有相近的任务，编号或标题已改变）` : ''}。`,

    badWorktreeId: '会话 ID 必须以 8 个字母、数字、- 或 _ 开头，才能为它的工作树命名。',
    worktreeFolderExists: (short: string) => `会话 ${short} 的工作树文件夹已存在：请先丢弃它。`,
    branchExists: (branch: string) => `分支 ${branch} 已存在：请先丢弃那个会话（或删除这个分支）。`,
    worktreeGone: (short: string) => `会话 ${short} 的工作树已不存在（已丢弃？）。`,
    worktreeOffBranch: (short: string, branch: string, head: string) =>
      `会话 ${short} 的工作树已不在 ${branch} 上（${head || '分离的 HEAD'}）：请先在那里检出 ${branch}。`,
    nothingLeft: (short: string) => `会话 ${short} 既没有工作树也没有分支了（已丢弃？）。`,
    checkedOutElsewhere: (branch: string, path: string) => `${branch} 已在 ${path} 中检出：丢弃会话前，请把那个目录树切换到其他分支。`,
    noSessionBranch: (branch: string) => `会话分支 ${branch} 不存在（已丢弃？）。`,

    gitCannotRun: (said: string) => `无法运行 Git（${said}）；Git 是否已安装并在 PATH 中？`,
    gitFailed: (command: string, said: string, code: string) => `git ${command} 失败：${said || `退出码 ${code}`}`,
    mergeNotAborted: (short: string, said: string) => `akira/${short} 的合并发生冲突，且无法中止（${said}）：请在你的仓库中运行 git merge --abort。`,
    mergeStillInProgress: (short: string) => `akira/${short} 的合并发生冲突，运行 git merge --abort 后仍在进行中：请在你的仓库中再运行一次。`,
    recordMismatch: (sessionId: string, branch: string) => `这条工作树记录与会话 ${sessionId} 不符：应为其自身文件夹中的 ${branch}。`,
    noWorktreeFace: '这个界面中没有工作树会话。',
    bareRepo: '工作区是一个裸 Git 仓库（没有工作文件）：工作树隔离需要普通仓库。',
    insideGitFolder: '工作区位于 .git 文件夹内，而不在仓库的工作文件中。',
    repoNotFound: 'Git 没有说明工作区所在的仓库在哪里。',
    noCommits: '仓库中还没有提交：请先做一次提交，才能使用工作树隔离。',
    dataInRepo: 'Akira 的数据文件夹位于这个仓库内：工作树会落在你自己的工作文件中。',
    gitMissing: (said: string) => `这里无法运行 Git（${said}）：请安装 Git 以使用工作树隔离。`,
    gitNotInstalled:
      '没有安装 Git（PATH 中找不到 git）：工作树会话需要它。请从 https://git-scm.com/downloads 安装（或：apt install git、brew install git、winget install Git.Git），然后重新打开文件夹。',
    notARepo: '工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。',
    dubiousOwnership: 'Git 拒绝使用这个仓库，因为它属于另一个用户（safe.directory）：工作树隔离已关闭。',
    notUsableRepo: (said: string) => `Git 无法把这个文件夹用作仓库：${said}`,

    mergeDuringOperation: (operation: string) => `你的仓库正在进行${OPERATION_ZH[operation] ?? operation}：请先完成或中止它；没有合并任何内容。`,
    mergeOnDetachedHead: '你的仓库处于分离的 HEAD：请先检出要合并到的分支；没有合并任何内容。',
    mergeWouldOverwrite: (untracked: string, files: string, more: number, _count: number) =>
      `合并会覆盖你${untracked === 'untracked' ? '未跟踪的文件' : '未提交的更改'}：${filesZh(files, more)}。请先提交或储藏（stash）${untracked === 'untracked' ? '，或把它们移走' : ''}；没有合并任何内容。`,
    mergeRefusedByGit: (said: string, code: string) => `Git 拒绝了合并：${said || `退出码 ${code}`}；没有合并任何内容。`,
    mergeConflicts: (files: string, more: number, short: string) =>
      `会话的更改与你的更改在 ${filesZh(files, more)} 中冲突：没有合并任何内容（合并已中止）。请手动解决（git merge akira/${short}）或丢弃这个会话。`,
    mergeLinksOutside: (links: string, more: number, short: string) =>
      `会话的分支带来了指向工作区之外的符号链接（${filesZh(links, more)}）：没有合并任何内容。请在分支 akira/${short} 上删除它们，或丢弃这个会话。`,
  },
});
