import { defineText } from '../i18n/defineText';

/**
 * The words of a mention that could not be attached (issue 14), keys `context.<name>`: the chip in the task box and
 * the session's context say them in the UI's language; the model reads the English `error`.
 */
export const contextErrorStrings = defineText({
  en: {
    noSuchFile: (path: string) => `No such file: ${path}`,
    binaryFile: (path: string, bytes: number) => `${path} is a binary file (${bytes} bytes): it cannot be attached as text.`,
    noSuchLine: (path: string, lines: number, line: number) => `${path} has ${lines} lines; line ${line} does not exist.`,
    noSuchFolder: (path: string) => `No such folder: ${path}`,
    isFile: (path: string) => `${path} is a file, not a folder (mention it without the trailing /).`,
    noGitRepo: 'The workspace is not in a git repository: @diff needs one.',
    noDiagnostics: 'Diagnostics are not available here.',
    noCheckpoints: 'Checkpoints are not available here.',
    noMcp: 'MCP servers are not available here.',
    outside: (ref: string) => `@${ref} is outside the workspace: only files in it can be attached.`,
    insideGit: (ref: string) => `@${ref} is inside a .git folder: git's own data is not attached (its configuration can hold credentials).`,
    tooManyMentions: (max: number) => `At most ${max} mentions are attached at a time.`,
    checkerAwaitsApproval: (id: string, command: string) =>
      `not run: ${id} runs \`${command}\`, a program this workspace chose; it awaits your approval (Settings → Diagnostics checkers, for this workspace and this exact command)`,
    checkerNotApproved: (id: string) =>
      `${id} runs a program this workspace chose and is not approved for it: a yes runs it this once (approve it in Settings → Diagnostics checkers)`,
    noSuchChecker: (id: string, known: string) => `No diagnostics checker ${id} in this workspace${known ? ` (it has: ${known})` : ''}.`,
    checkerNeedsNoApproval: (id: string) => `${id} is not a program this workspace chose: it needs no approval.`,
    checkerChangedSinceSeen: (id: string) => `The command of ${id} changed since you looked at it: look at it again before approving.`,
    ruleFrontMatterBroken: (path: string, said: string) => `The front matter of ${path} could not be read (${said}): the whole file is sent, as a rule that always applies.`,
    ruleBadGlob: (path: string, glob: string, said: string) => `${path}: the glob ${glob} is not valid (${said}); it is left out, the others apply.`,
    ruleNoGlob: (path: string, globs: string, said: string) => `${path}: its globs cannot be used (${globs}: ${said}); it is listed, and the model may read it when it applies.`,
    ruleUnknownTrigger: (path: string, field: string, got: string, known: string) => `${path}: ${field}: ${got} is not one of ${known}; it is sent as a rule that always applies.`,
  },
  'zh-CN': {
    noSuchFile: (path: string) => `没有这个文件：${path}`,
    binaryFile: (path: string, bytes: number) => `${path} 是二进制文件（${bytes} 字节）：无法作为文本附加。`,
    noSuchLine: (path: string, lines: number, line: number) => `${path} 只有 ${lines} 行；第 ${line} 行不存在。`,
    noSuchFolder: (path: string) => `没有这个文件夹：${path}`,
    isFile: (path: string) => `${path} 是文件，不是文件夹（提及它时不要加末尾的 /）。`,
    noGitRepo: '工作区不在 git 仓库中：@diff 需要一个仓库。',
    noDiagnostics: '这里无法使用诊断。',
    noCheckpoints: '这里无法使用检查点。',
    noMcp: '这里无法使用 MCP 服务器。',
    outside: (ref: string) => `@${ref} 在工作区之外：只能附加工作区中的文件。`,
    insideGit: (ref: string) => `@${ref} 位于 .git 文件夹内：不附加 git 自己的数据（其配置可能含有凭据）。`,
    tooManyMentions: (max: number) => `一次最多附加 ${max} 个提及。`,
    checkerAwaitsApproval: (id: string, command: string) =>
      `未运行：${id} 运行 \`${command}\`，这是此工作区选择的程序；它在等待你的批准（设置 → 诊断检查器，针对此工作区和这条确切的命令）`,
    checkerNotApproved: (id: string) => `${id} 运行此工作区选择的程序，且未获此工作区的批准：同意只运行这一次（可在“设置 → 诊断检查器”中批准它）`,
    noSuchChecker: (id: string, known: string) => `此工作区没有诊断检查器 ${id}${known ? `（现有：${known}）` : ''}。`,
    checkerNeedsNoApproval: (id: string) => `${id} 不是此工作区选择的程序：它无需批准。`,
    checkerChangedSinceSeen: (id: string) => `${id} 的命令在你查看之后已更改：请再次查看后再批准。`,
    ruleFrontMatterBroken: (path: string, said: string) => `无法读取 ${path} 的前置元数据（${said}）：整个文件作为始终适用的规则发送。`,
    ruleBadGlob: (path: string, glob: string, said: string) => `${path}：glob ${glob} 无效（${said}）；已忽略它，其余的照常适用。`,
    ruleNoGlob: (path: string, globs: string, said: string) => `${path}：它的 glob 无法使用（${globs}：${said}）；它只被列出，适用时模型可以读取它。`,
    ruleUnknownTrigger: (path: string, field: string, got: string, known: string) => `${path}：${field}：${got} 不是 ${known} 之一；它作为始终适用的规则发送。`,
  },
});
