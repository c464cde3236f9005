import { defineText } from '../i18n/defineText';

/**
 * The words of git errors (issue 14), keys `git.<name>`: the git view's actions (stage, unstage, discard, commit,
 * checkout) and their refusals. A list of files is `files` (the first few, comma-separated) and `more` (how many
 * others). An action that failed is named by `action` (below) and its `subject` (a path, a branch) and `count`.
 */
export const GIT_ACTIONS = ['listBranches', 'checkout', 'commit', 'readDiff', 'stage', 'unstage', 'discard', 'stageHunk', 'unstageHunk', 'discardHunk'] as const;
export type GitAction = (typeof GIT_ACTIONS)[number];

const andMore = (more: number) => (more > 0 ? ` and ${more} more` : '');
const andMoreZh = (more: number) => (more > 0 ? ` 及另外 ${more} 个文件` : '');
const filesEn = (subject: string, count: number) => (count === 1 ? subject : `${count} files`);
const filesZh = (subject: string, count: number) => (count === 1 ? subject : `${count} 个文件`);

function doingEn(action: string, subject: string, count: number): string {
  switch (action) {
    case 'listBranches': return 'Listing the branches';
    case 'checkout': return `Switching to ${subject}`;
    case 'commit': return 'The commit';
    case 'readDiff': return `Reading the diff of ${subject}`;
    case 'stage': return `Staging ${filesEn(subject, count)}`;
    case 'unstage': return `Unstaging ${filesEn(subject, count)}`;
    case 'discard': return `Discarding ${filesEn(subject, count)}`;
    case 'stageHunk': return `Staging a hunk of ${subject}`;
    case 'unstageHunk': return `Unstaging a hunk of ${subject}`;
    case 'discardHunk': return `Discarding a hunk of ${subject}`;
    default: return `git ${action}`;
  }
}
function doingZh(action: string, subject: string, count: number): string {
  switch (action) {
    case 'listBranches': return '列出分支';
    case 'checkout': return `切换到 ${subject}`;
    case 'commit': return '提交';
    case 'readDiff': return `读取 ${subject} 的差异`;
    case 'stage': return `暂存 ${filesZh(subject, count)}`;
    case 'unstage': return `取消暂存 ${filesZh(subject, count)}`;
    case 'discard': return `丢弃 ${filesZh(subject, count)}`;
    case 'stageHunk': return `暂存 ${subject} 的一个区块`;
    case 'unstageHunk': return `取消暂存 ${subject} 的一个区块`;
    case 'discardHunk': return `丢弃 ${subject} 的一个区块`;
    default: return `git ${action}`;
  }
}

export const gitErrorStrings = defineText({
  en: {
    notARepo: 'This folder is not a git repository.',
    notInstalled:
      'git is not installed (no git on the PATH). Install it from https://git-scm.com/downloads (or: apt install git, brew install git, winget install Git.Git), then open the folder again.',
    programsChanged: "The repository's git programs changed since they were listed: look at them again before trusting them.",
    trustUnavailable: "Trusting a repository's git programs is not available here.",
    statusFailed: (said: string) => `git status failed: ${said}`,
    oddStatusLine: (line: string) => `Unexpected git status line: ${line}`,
    nameAFile: 'Name a file, not the workspace folder.',
    noDiffForWorkspace: 'The workspace folder itself has no diff; name a file.',
    insideDotGit: (path: string) => `"${path}" is inside a .git folder.`,
    notAFile: (path: string) => `Not a file: ${path}`,
    actionBusy: (action: string, subject: string, count: number) =>
      `${doingEn(action, subject, count)} failed: another git command is using this repository (its index.lock exists). Try again when it is done.`,
    actionFailed: (action: string, subject: string, count: number, said: string) => `${doingEn(action, subject, count)} failed: ${said || 'git gave no reason'}`,

    notABranchName: (branch: string) => `"${branch}" is not a branch name.`,
    noSuchBranch: (branch: string) => `There is no local branch "${branch}".`,
    checkoutUntracked: (branch: string, files: string, more: number) =>
      `Switching to ${branch} would overwrite untracked files: ${files}${andMore(more)}. Move or delete them first; nothing was changed.`,
    checkoutLocalChanges: (branch: string, files: string, more: number) =>
      `Switching to ${branch} would overwrite your local changes to ${files}${andMore(more)}. Commit, stash or discard them first; nothing was changed.`,
    checkoutConflicts: (branch: string) => `Cannot switch to ${branch}: the repository has unresolved merge conflicts. Resolve them first.`,

    noCommitMessage: 'Write a commit message first.',
    nothingToAmend: 'There is no commit to amend yet.',
    nothingStaged: 'Nothing is staged to commit: stage the changes you want in it first.',
    whoAreYou: 'git does not know who you are: set your name and email (git config --global user.name "…" and user.email "…"), then commit again.',
    hookRefused: 'The commit failed and git said nothing: a pre-commit or commit-msg hook may have refused it.',

    hunkGoneStaged: (hunk: string, path: string) =>
      `The hunk ${hunk} of ${path} is no longer in its staged changes (the file changed since its diff was read). Look at the diff again.`,
    hunkGoneUnstaged: (hunk: string, path: string) =>
      `The hunk ${hunk} of ${path} is no longer in its unstaged changes (the file changed since its diff was read). Look at the diff again.`,
    nothingToDiscard: (files: string, more: number) => `No unstaged changes to discard in ${files}${andMore(more)}.`,
    discardConflicted: (files: string, more: number, count: number) =>
      `${files}${andMore(more)} ${count === 1 ? 'has' : 'have'} merge conflicts: resolve them first.`,
    discardNotCheckpointed: (files: string, more: number) =>
      `Nothing was discarded: ${files}${andMore(more)} could not be checkpointed (too large), so the discard could not be undone.`,
  },
  'zh-CN': {
    notARepo: '这个文件夹不是 Git 仓库。',
    notInstalled:
      '没有安装 Git（PATH 中找不到 git）。请从 https://git-scm.com/downloads 安装（或：apt install git、brew install git、winget install Git.Git），然后重新打开文件夹。',
    programsChanged: '仓库的 Git 程序在列出后已改变：请重新查看后再信任。',
    trustUnavailable: '这里无法信任仓库的 Git 程序。',
    statusFailed: (said: string) => `git status 失败：${said}`,
    oddStatusLine: (line: string) => `git status 输出了无法识别的行：${line}`,
    nameAFile: '请指定一个文件，而不是工作区文件夹。',
    noDiffForWorkspace: '工作区文件夹本身没有差异；请指定一个文件。',
    insideDotGit: (path: string) => `“${path}”位于 .git 文件夹内。`,
    notAFile: (path: string) => `不是文件：${path}`,
    actionBusy: (action: string, subject: string, count: number) =>
      `${doingZh(action, subject, count)}失败：另一个 Git 命令正在使用这个仓库（index.lock 存在）。请等它完成后再试。`,
    actionFailed: (action: string, subject: string, count: number, said: string) => `${doingZh(action, subject, count)}失败：${said || 'Git 没有给出原因'}`,

    notABranchName: (branch: string) => `“${branch}”不是分支名。`,
    noSuchBranch: (branch: string) => `没有名为“${branch}”的本地分支。`,
    checkoutUntracked: (branch: string, files: string, more: number) =>
      `切换到 ${branch} 会覆盖未跟踪的文件：${files}${andMoreZh(more)}。请先移走或删除它们；没有做任何更改。`,
    checkoutLocalChanges: (branch: string, files: string, more: number) =>
      `切换到 ${branch} 会覆盖以下文件的本地更改：${files}${andMoreZh(more)}。请先提交、贮藏或丢弃这些更改；没有做任何更改。`,
    checkoutConflicts: (branch: string) => `无法切换到 ${branch}：仓库中有未解决的合并冲突。请先解决它们。`,

    noCommitMessage: '请先写提交信息。',
    nothingToAmend: '还没有可以修改的提交。',
    nothingStaged: '没有已暂存的内容可以提交：请先暂存要提交的更改。',
    whoAreYou: 'Git 不知道你是谁：请设置你的姓名和邮箱（git config --global user.name "…" 和 user.email "…"），然后再次提交。',
    hookRefused: '提交失败，Git 没有给出原因：可能是 pre-commit 或 commit-msg 钩子拒绝了它。',

    hunkGoneStaged: (hunk: string, path: string) => `${path} 的区块 ${hunk} 已不在已暂存的更改中（读取差异之后文件有了变化）。请重新查看差异。`,
    hunkGoneUnstaged: (hunk: string, path: string) => `${path} 的区块 ${hunk} 已不在未暂存的更改中（读取差异之后文件有了变化）。请重新查看差异。`,
    nothingToDiscard: (files: string, more: number) => `${files}${andMoreZh(more)} 中没有可丢弃的未暂存更改。`,
    discardConflicted: (files: string, more: number, _count: number) => `${files}${andMoreZh(more)} 有合并冲突：请先解决它们。`,
    discardNotCheckpointed: (files: string, more: number) => `没有丢弃任何内容：${files}${andMoreZh(more)} 无法创建检查点（文件过大），丢弃后将无法撤销。`,
  },
});
