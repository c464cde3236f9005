import { defineText } from '../../../../shared/i18n';

/** The worktree session's diff against its base (issue 14). The file statuses' words are the agent's (worktreeWords.ts). */
export const worktreeStrings = defineText({
  en: {
    diffAgainstBase: 'Diff against base',
    couldNotRead: 'Could not read the diff',
    reading: 'Reading the diff…',
    readAgain: 'Read the diff again',
    changedFiles: 'Changed files',
    fromPath: (path: string) => `from ${path}`,
    nothingYet: 'The session has changed nothing yet.',
    binary: 'binary',
    tooLarge: 'too large',
    linkTo: (target: string) => `symbolic link to ${target}`,
    fileTitle: (path: string, status: string, oldPath: string | null, note: string | null) =>
      `${path} — ${status}${oldPath ? ` from ${oldPath}` : ''}${note ? ` · ${note}` : ''}`,
  },
  'zh-CN': {
    diffAgainstBase: '与基准的差异',
    couldNotRead: '无法读取差异',
    reading: '正在读取差异…',
    readAgain: '重新读取差异',
    changedFiles: '已更改的文件',
    fromPath: (path: string) => `来自 ${path}`,
    nothingYet: '会话尚未做出任何更改。',
    binary: '二进制',
    tooLarge: '太大',
    linkTo: (target: string) => `符号链接，指向 ${target}`,
    fileTitle: (path: string, status: string, oldPath: string | null, note: string | null) =>
      `${path} — ${status}${oldPath ? `（来自 ${oldPath}）` : ''}${note ? ` · ${note}` : ''}`,
  },
});
