import { defineText } from '../i18n/defineText';

/** The words of terminal and command-runner errors (issue 14), keys `terminal.<name>`. */
export const terminalErrorStrings = defineText({
  en: {
    notAFolder: (cwd: string) => `Not a folder: ${cwd}`,
    runnerClosing: 'The command runner is shutting down.',
    emptyCommand: 'The command is empty.',
    nulInCommand: 'The command contains a NUL byte.',
    cancelledBeforeStart: 'The command was cancelled before it started.',
    noTerminalClosed: (id: string) => `No terminal ${id} (it was closed, or never existed).`,
    hostClosing: 'The terminal host is shutting down.',
    tooMany: (max: number) => `Too many terminals (${max}); close some first.`,
    cannotStart: (program: string, reason: string) => `Could not start ${program}: ${reason}`,
    exited: (id: string, code: string) => `Terminal ${id} has exited (code ${code}); open a new terminal.`,
    noTerminal: (id: string) => `No terminal ${id}.`,
  },
  'zh-CN': {
    notAFolder: (cwd: string) => `不是文件夹：${cwd}`,
    runnerClosing: '命令运行器正在关闭。',
    emptyCommand: '命令是空的。',
    nulInCommand: '命令中含有 NUL 字节。',
    cancelledBeforeStart: '命令在开始前已被取消。',
    noTerminalClosed: (id: string) => `没有终端 ${id}（它已关闭，或从未存在）。`,
    hostClosing: '终端宿主正在关闭。',
    tooMany: (max: number) => `终端太多了（${max} 个）；请先关闭一些。`,
    cannotStart: (program: string, reason: string) => `无法启动 ${program}：${reason}`,
    exited: (id: string, code: string) => `终端 ${id} 已退出（代码 ${code}）；请打开一个新终端。`,
    noTerminal: (id: string) => `没有终端 ${id}。`,
  },
});
