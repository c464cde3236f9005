import { defineText } from '../i18n/defineText';

/**
 * The words of the agent's tool failures (issue 14), keys `tool.<name>`: what the tool card says to a person in the
 * UI's language. The model reads the English tool result (the message, more lines such as the most similar lines of
 * a file, and a next step); these say its first sentence. `edit` counts from 1 of `count` edits; `pending` is
 * `deletes`, `deletesAlready` or empty; `why` of editNotFound is `lineNumbers`, `whitespace` or empty; `what` of
 * changedSince is `created`, `deleted` or `changed`.
 */
const whichEdit = (edit: number, count: number) => (count > 1 ? `Edit ${edit} of ${count}` : 'The edit');
const whichEditZh = (edit: number, count: number) => (count > 1 ? `第 ${edit} 处编辑（共 ${count} 处）` : '这处编辑');
const PENDING: Record<string, string> = { deletes: ' (a pending change deletes it)', deletesAlready: ' (a pending change deletes it already)' };
const PENDING_ZH: Record<string, string> = { deletes: '（一项待定的更改会删除它）', deletesAlready: '（一项待定的更改已经会删除它）' };
const NOT_FOUND_WHY: Record<string, string> = {
  lineNumbers: ' It starts its lines with line numbers as read_file shows them; those are not part of the file.',
  whitespace: ' It matches if whitespace is ignored: indentation, spaces or line breaks differ.',
};
const NOT_FOUND_WHY_ZH: Record<string, string> = {
  lineNumbers: '它的行以 read_file 显示的行号开头；行号不是文件内容的一部分。',
  whitespace: '忽略空白时可以匹配：缩进、空格或换行不同。',
};

export const toolErrorStrings = defineText({
  en: {
    noSuchFileOrFolder: (path: string) => `No such file or folder: ${path}`,
    noSuchFile: (path: string, pending: string) => `No such file: ${path}${PENDING[pending] ?? ''}`,
    isFolder: (path: string) => `${path} is a folder, not a file.`,
    isFile: (path: string) => `${path} is a file, not a folder.`,
    namesFolder: (path: string) => `"${path}" names a folder; write_file needs a file path.`,
    notRegularFile: (path: string) => `${path} is not a regular file.`,
    tooBig: (path: string, mb: string, maxMb: number) => `${path} is ${mb} MB, more than the ${maxMb} MB a file tool handles.`,
    binaryNotShown: (path: string) => `${path} is a binary file; it cannot be shown as text.`,
    binaryNotEdited: (path: string) => `${path} is a binary file; edit_file edits text.`,
    notUtf8: (path: string) => `${path} is not valid UTF-8; editing it as text would corrupt it.`,
    insideGit: (path: string) => `${path} is inside a .git folder; the agent does not edit git's own data.`,
    insideGitRead: (path: string) => `${path} is inside a .git folder; the agent does not read git's own data (its configuration can hold credentials).`,
    symlinkNotDeleted: (path: string) => `${path} is a symbolic link; delete_file deletes regular files only.`,
    editUnchanged: (path: string) => `The edits leave ${path} unchanged (each replace equals its search).`,
    emptySearch: (edit: number) => `Edit ${edit}: the search text is empty.`,
    editNotFound: (edit: number, count: number, path: string, why: string) =>
      `${whichEdit(edit, count)}: the search text was not found in ${path}${edit > 1 ? ' (after applying the edits before it)' : ''}.${NOT_FOUND_WHY[why] ?? ''}`,
    editAmbiguous: (edit: number, count: number, path: string, times: number, orMore: number, lines: string) =>
      `${whichEdit(edit, count)}: the search text occurs ${times}${orMore ? ' or more' : ''} times in ${path} (at lines ${lines}); it must occur exactly once.`,
    endBeforeStart: (end: number, start: number) => `endLine (${end}) is before startLine (${start}).`,
    pastEnd: (path: string, lines: number, start: number) => `${path} has ${lines} lines; startLine ${start} is past its end.`,
    noLongerFile: (path: string) => `${path} is no longer a regular file.`,
    changedSince: (path: string, what: string) =>
      `${path} ${what === 'created' ? 'was created by someone else' : what === 'deleted' ? 'was deleted' : 'changed on disk'} since the change was proposed; nothing was written.`,
    cancelled: 'The tool call was cancelled.',
    unknownTool: (name: string) => `Unknown tool "${name}".`,
    alreadyInMode: (mode: string) => `The session is already in mode ${mode}.`,
    noSuchModeToSwitch: (mode: string, modes: string) => `There is no mode "${mode}". Modes: ${modes}.`,
    modeSwitchRefused: (reason: string) => `The user refused the mode switch: ${reason}`,
    subTasksUnavailable: 'This session cannot start sub-tasks here.',
    subTaskTooDeep: (max: number) => `A sub-task cannot start another one here: sub-tasks go at most ${max} levels deep.`,
    noSuchModeForTask: (mode: string, modes: string) => `There is no mode "${mode}" for the sub-task. Modes: ${modes}.`,
    subTaskEnded: (id: string, status: string, why: string) => `Sub-task ${id} ${status}: ${why}`,
    invalidArguments: (name: string) => `Invalid arguments for ${name}:`,
  },
  'zh-CN': {
    noSuchFileOrFolder: (path: string) => `没有这个文件或文件夹：${path}`,
    noSuchFile: (path: string, pending: string) => `没有这个文件：${path}${PENDING_ZH[pending] ?? ''}`,
    isFolder: (path: string) => `${path} 是文件夹，不是文件。`,
    isFile: (path: string) => `${path} 是文件，不是文件夹。`,
    namesFolder: (path: string) => `“${path}”指向一个文件夹；write_file 需要文件路径。`,
    notRegularFile: (path: string) => `${path} 不是普通文件。`,
    tooBig: (path: string, mb: string, maxMb: number) => `${path} 有 ${mb} MB，超过了文件工具能处理的 ${maxMb} MB。`,
    binaryNotShown: (path: string) => `${path} 是二进制文件，无法作为文本显示。`,
    binaryNotEdited: (path: string) => `${path} 是二进制文件；edit_file 只编辑文本。`,
    notUtf8: (path: string) => `${path} 不是有效的 UTF-8；作为文本编辑会损坏它。`,
    insideGit: (path: string) => `${path} 位于 .git 文件夹中；智能体不编辑 git 自己的数据。`,
    insideGitRead: (path: string) => `${path} 位于 .git 文件夹中；智能体不读取 git 自己的数据（其配置可能含有凭据）。`,
    symlinkNotDeleted: (path: string) => `${path} 是符号链接；delete_file 只删除普通文件。`,
    editUnchanged: (path: string) => `这些编辑没有改变 ${path}（每处替换都与搜索文本相同）。`,
    emptySearch: (edit: number) => `第 ${edit} 处编辑：搜索文本为空。`,
    editNotFound: (edit: number, count: number, path: string, why: string) =>
      `${whichEditZh(edit, count)}：在 ${path} 中找不到搜索文本${edit > 1 ? '（已应用它之前的编辑）' : ''}。${NOT_FOUND_WHY_ZH[why] ?? ''}`,
    editAmbiguous: (edit: number, count: number, path: string, times: number, orMore: number, lines: string) =>
      `${whichEditZh(edit, count)}：搜索文本在 ${path} 中出现了 ${times}${orMore ? ' 次或更多' : ' 次'}（第 ${lines} 行）；它必须只出现一次。`,
    endBeforeStart: (end: number, start: number) => `endLine（${end}）在 startLine（${start}）之前。`,
    pastEnd: (path: string, lines: number, start: number) => `${path} 只有 ${lines} 行；startLine ${start} 超出了末尾。`,
    noLongerFile: (path: string) => `${path} 已不再是普通文件。`,
    changedSince: (path: string, what: string) =>
      `提出更改后，${path} ${what === 'created' ? '已被他人创建' : what === 'deleted' ? '已被删除' : '在磁盘上已被更改'}；没有写入任何内容。`,
    cancelled: '工具调用已取消。',
    unknownTool: (name: string) => `未知的工具“${name}”。`,
    alreadyInMode: (mode: string) => `会话已经处于模式 ${mode}。`,
    noSuchModeToSwitch: (mode: string, modes: string) => `没有模式“${mode}”。可用模式：${modes}。`,
    modeSwitchRefused: (reason: string) => `用户拒绝了模式切换：${reason}`,
    subTasksUnavailable: '这个会话在这里不能启动子任务。',
    subTaskTooDeep: (max: number) => `子任务在这里不能再启动子任务：子任务最多嵌套 ${max} 层。`,
    noSuchModeForTask: (mode: string, modes: string) => `没有可用于子任务的模式“${mode}”。可用模式：${modes}。`,
    subTaskEnded: (id: string, status: string, why: string) => `子任务 ${id} ${status === 'failed' ? '失败' : status === 'stopped' ? '已停止' : status}：${why}`,
    invalidArguments: (name: string) => `${name} 的参数无效。`,
  },
});
