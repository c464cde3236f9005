import { defineText } from '../../shared/i18n';

/**
 * What `akira serve` says on stderr, in English and Chinese. The line with the URL (`Akira is serving <folder> at
 * <url>`) is pinned for scripts and stays in English (serveCommand.ts).
 */
export const serveStrings = defineText({
  en: {
    created: (file: string) => `created ${file} with a new token (mode 0600)`,
    /** checkpoints.onWaiting, from its fields: `pid` '' when the holder is unknown. */
    storeWaiting: (pid: string, command: string, since: string, secs: number) =>
      `The checkpoint store is busy: waiting for ${pid ? `process ${pid}` : 'another process'}${command ? ` (${command})` : ''} since ${since}, ${secs} s ago.`,
    notLoopback: (host: string) =>
      `warning: listening on ${host}, not loopback: anyone who can reach this machine and learns the token can read your files and run commands. Use --host 127.0.0.1 unless you mean it.`,
    cannotRead: (file: string, why: string) => `Cannot read --token-file ${file}: ${why}`,
    noFolder: (folder: string) => `The folder of --token-file does not exist: ${folder}`,
    cannotCreate: (file: string, why: string) => `Cannot create --token-file ${file}: ${why}`,
    notAFile: (file: string) => `--token-file ${file} is not a file`,
    openToOthers: (file: string, mode: string) => `--token-file ${file} can be read or changed by other users (mode ${mode}); run: chmod 600 ${file}`,
    otherOwner: (file: string) => `--token-file ${file} belongs to another user; use a file of your own`,
    empty: (file: string, min: number) => `--token-file ${file} is empty; put a token in it (at least ${min} characters), or delete it to have one made`,
    badCharacters: (file: string) => `The token in --token-file ${file} must be one line of letters, digits and . _ ~ - (it goes in URLs)`,
    tooShort: (file: string, length: number, min: number) => `The token in --token-file ${file} is too short (${length} characters; at least ${min})`,
  },
  'zh-CN': {
    created: (file: string) => `已创建 ${file}，内含新令牌（权限 0600）`,
    storeWaiting: (pid: string, command: string, since: string, secs: number) =>
      `检查点存储正忙：正在等待${pid ? `进程 ${pid}` : '另一个进程'}${command ? `（${command}）` : ''}，它从 ${since} 起占用，已 ${secs} 秒。`,
    notLoopback: (host: string) =>
      `警告：正在监听 ${host}，而不是回环地址：任何能访问这台机器并得知令牌的人都能读取你的文件并运行命令。除非确有此意，请使用 --host 127.0.0.1。`,
    cannotRead: (file: string, why: string) => `无法读取 --token-file ${file}：${why}`,
    noFolder: (folder: string) => `--token-file 所在的文件夹不存在：${folder}`,
    cannotCreate: (file: string, why: string) => `无法创建 --token-file ${file}：${why}`,
    notAFile: (file: string) => `--token-file ${file} 不是文件`,
    openToOthers: (file: string, mode: string) => `--token-file ${file} 可被其他用户读取或修改（权限 ${mode}）；请运行：chmod 600 ${file}`,
    otherOwner: (file: string) => `--token-file ${file} 属于其他用户；请使用你自己的文件`,
    empty: (file: string, min: number) => `--token-file ${file} 是空的；请在其中放入令牌（至少 ${min} 个字符），或删除它以自动生成`,
    badCharacters: (file: string) => `--token-file ${file} 中的令牌必须是一行字母、数字和 . _ ~ -（它会出现在网址中）`,
    tooShort: (file: string, length: number, min: number) => `--token-file ${file} 中的令牌太短（${length} 个字符；至少 ${min} 个）`,
  },
});
