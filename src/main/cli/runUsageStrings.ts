import { defineText } from '../../shared/i18n';

/** `akira run`'s usage errors (bad flags, a tasks file outside the workspace), in English and Chinese. */
export const runUsageStrings = defineText({
  en: {
    needsInput: 'run needs --task "what to do", --tasks path/to/tasks.md (or --resume <sessionId>)',
    together: (flags: string[]) => `${flags.join(' and ')} cannot be used together`,
    modeOnResume: '--mode cannot change on --resume: a session keeps its mode',
    worktreeOnResume: '--worktree cannot be used with --resume: a session keeps its tree',
    emptyTask: '--task is empty',
    tasksNeedsPath: '--tasks needs the path of a tasks.md',
    onlyFromWithTasks: '--only and --from go with --tasks',
    imageWithTask: '--image goes with --task',
    noSuchFile: (path: string) => `No such file: ${path}`,
    outsideWorkspace: (path: string, root: string) => `${path} is not inside the workspace ${root} (use --workspace)`,
    onlyNeedsNumbers: '--only needs task numbers, e.g. --only 2,3.1',
    fromNeedsNumber: '--from needs a task number, e.g. --from 3',
  },
  'zh-CN': {
    needsInput: 'run 需要 --task "要做的事"、--tasks path/to/tasks.md（或 --resume <会话编号>）',
    together: (flags: string[]) => `${flags.join(' 和 ')} 不能同时使用`,
    modeOnResume: '--resume 时不能更改 --mode：会话保持它的模式',
    worktreeOnResume: '--worktree 不能与 --resume 同时使用：会话保持它的工作树',
    emptyTask: '--task 是空的',
    tasksNeedsPath: '--tasks 需要一个 tasks.md 的路径',
    onlyFromWithTasks: '--only 和 --from 要与 --tasks 一起使用',
    imageWithTask: '--image 要与 --task 一起使用',
    noSuchFile: (path: string) => `没有这个文件：${path}`,
    outsideWorkspace: (path: string, root: string) => `${path} 不在工作区 ${root} 之内（请用 --workspace）`,
    onlyNeedsNumbers: '--only 需要任务编号，例如 --only 2,3.1',
    fromNeedsNumber: '--from 需要一个任务编号，例如 --from 3',
  },
});
