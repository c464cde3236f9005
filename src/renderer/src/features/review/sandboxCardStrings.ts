import { defineText } from '../../../../shared/i18n';

/** Why the sandbox's proxy refused a connection (shared/agent/sandboxBlocks.ts sandboxBlockReason). */
const SANDBOX_WHY_EN: Record<string, string> = { not_allowed: 'not on the allowed domains', local_address: 'a server on this machine', unresolved: 'the name does not resolve' };
const SANDBOX_WHY_ZH: Record<string, string> = { not_allowed: '不在允许的域名中', local_address: '本机上的服务器', unresolved: '域名无法解析' };

/** The sandbox card (issue 26): what the OS sandbox blocked while a command ran, and how far the user lets it through. */
export const sandboxCardStrings = defineText({
  en: {
    blockedBySandbox: 'Blocked by the sandbox:',
    blockedConnection: (host: string, port: number, reason: string) => `a connection to ${host}:${port} — ${SANDBOX_WHY_EN[reason] ?? reason}`,
    blockedWrite: (path: string) => `writing ${path}`,
    blockedRead: (path: string) => `reading ${path}`,
    title: 'The sandbox blocked part of a command',
    lets: 'Allowing lets through:',
    host: (host: string) => `connections to ${host}`,
    write: (path: string) => `writing in ${path}`,
    read: (path: string) => `reading ${path}`,
    nothingToAllow: 'Nothing here can be allowed (Akira’s data folder, or the whole disk); run it outside the sandbox, or keep it blocked.',
    allowSession: 'Allow for this session',
    allowSessionTitle: 'Allow it for the rest of this session and run the command again',
    allowWorkspace: 'Allow for this workspace',
    allowWorkspaceTitle: 'Allow it for every session in this folder (kept in Akira’s data folder, removable in Settings → Sandbox) and run the command again',
    allowGlobal: 'Allow everywhere',
    allowGlobalTitle: 'Add it to the sandbox in your global settings and run the command again',
    outside: 'Run outside the sandbox',
    outsideTitle: 'Run this one command again without the OS sandbox: it can then write, read and connect anywhere you can',
    keep: 'Keep blocked',
    keepReason: 'The user kept it blocked.',
    answered: (answer: string) =>
      answer === 'rejected'
        ? 'kept blocked'
        : answer === 'outside'
          ? 'ran outside the sandbox'
          : `allowed ${answer === 'workspace' ? 'for this workspace' : answer === 'global' ? 'everywhere' : 'for this session'}`,
    rerun: (answer: string) =>
      answer === 'outside'
        ? 'Ran again outside the sandbox:'
        : `Allowed ${answer === 'workspace' ? 'for this workspace' : answer === 'global' ? 'everywhere' : 'for this session'}; ran again:`,
  },
  'zh-CN': {
    blockedBySandbox: '被沙箱阻止：',
    blockedConnection: (host: string, port: number, reason: string) => `连接 ${host}:${port} — ${SANDBOX_WHY_ZH[reason] ?? reason}`,
    blockedWrite: (path: string) => `写入 ${path}`,
    blockedRead: (path: string) => `读取 ${path}`,
    title: '沙箱阻止了命令的一部分',
    lets: '允许后放行：',
    host: (host: string) => `连接 ${host}`,
    write: (path: string) => `在 ${path} 中写入`,
    read: (path: string) => `读取 ${path}`,
    nothingToAllow: '这里没有可以允许的内容（Akira 的数据文件夹，或整个磁盘）；请在沙箱外运行，或保持阻止。',
    allowSession: '为本会话允许',
    allowSessionTitle: '在本会话余下的时间内允许它，并重新运行这条命令',
    allowWorkspace: '为此工作区允许',
    allowWorkspaceTitle: '为此文件夹中的每个会话允许它（保存在 Akira 的数据文件夹中，可在“设置 → 沙箱”中删除），并重新运行这条命令',
    allowGlobal: '在所有地方允许',
    allowGlobalTitle: '把它加入全局设置中的沙箱，并重新运行这条命令',
    outside: '在沙箱外运行',
    outsideTitle: '不经系统沙箱重新运行这一条命令：它将可以像你一样在任何地方写入、读取和连接',
    keep: '保持阻止',
    keepReason: '用户保持了阻止。',
    answered: (answer: string) =>
      answer === 'rejected'
        ? '已保持阻止'
        : answer === 'outside'
          ? '已在沙箱外运行'
          : `已${answer === 'workspace' ? '为此工作区' : answer === 'global' ? '在所有地方' : '为本会话'}允许`,
    rerun: (answer: string) =>
      answer === 'outside' ? '已在沙箱外重新运行：' : `已${answer === 'workspace' ? '为此工作区' : answer === 'global' ? '在所有地方' : '为本会话'}允许；已重新运行：`,
  },
});
