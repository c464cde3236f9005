import { defineText, type Messages } from '../i18n/defineText';
import type { WordValue } from './errorWords';

/**
 * Why the policy decides as it does about an action (issue 14), keys `policy.<name>`: the reason an approval card,
 * a denied command or a decided change shows (`reason` stays this English text; `reasonWords` beside it). A command,
 * a path, a list entry or a server is its own text. Destructive commands' reasons start with "destructive: "
 * (`PartVerdict.destructive` says it structurally; the text is for people and the model).
 */
const D = (what: string) => `destructive: ${what}`;
const DZ = (what: string) => `破坏性操作：${what}`;

/** What one of Akira's own project files steers (protectedPaths.ts): `settings`, `modes`, `mcp` or `rules`. */
const steersEn: Record<string, string> = {
  settings: "Akira's settings for this project (which model server is used, the approval policy)",
  modes: "a custom mode of this project (the agent's system prompt and policy)",
  mcp: 'the MCP servers of this project (programs Akira starts for the agent)',
  rules: 'rules the agent reads in every session of this project',
};
const steersZh: Record<string, string> = {
  settings: '此项目的 Akira 设置（使用哪个模型服务器、批准策略）',
  modes: '此项目的一个自定义模式（智能体的系统提示词和策略）',
  mcp: '此项目的 MCP 服务器（Akira 为智能体启动的程序）',
  rules: '智能体在此项目每个会话中读取的规则',
};

/** What a program's option does that the allow list does not cover (asWritten.ts, gitOptions.ts). */
const optionEn: Record<string, string> = {
  writes: 'writes a file',
  readsAny: 'reads files outside the repository',
  runs: 'can run other programs',
  config: "changes git's configuration, which can name programs to run",
};
const optionZh: Record<string, string> = {
  writes: '会写入文件',
  readsAny: '会读取仓库之外的文件',
  runs: '可能运行其他程序',
  config: '会更改 git 的配置，而配置可以指定要运行的程序',
};
const GIT_DATA = "git's own data (inside .git), whose configuration and hooks run programs";
const GIT_DATA_ZH = 'git 自己的数据（位于 .git 内），其配置和钩子会运行程序';

/**
 * A part's reason (`policy.<name>` and its values) said in `language`, for `inPart`. Throws for a key this build does
 * not know or values that do not fit, so `wordsText` answers null and the English reason is shown.
 */
function partText(language: 'en' | 'zh-CN', key: string, values: WordValue[]): string {
  const name = key.startsWith('policy.') ? key.slice('policy.'.length) : '';
  const messages = policyReasonStrings[language] as Messages;
  if (!name || name === 'inPart' || !Object.hasOwn(messages, name)) throw new Error(`no policy reason ${key}`);
  const message = messages[name];
  if (typeof message === 'string') return message;
  if (values.length < message.length) throw new Error(`too few values for ${key}`);
  return (message as (...v: WordValue[]) => string)(...values);
}

export const policyReasonStrings = defineText({
  en: {
    readsNotAuto: 'reads are not auto-approved',
    sandboxBlocked: 'the OS sandbox blocked part of this command: only a person can allow it',
    readsNeedApproval: 'reads need approval (autoApprove.read is off)',
    writesNeedApproval: 'file changes need approval (autoApprove.write is off)',
    readsAutoApproved: 'reads are auto-approved by the policy',
    writesAutoApproved: 'file changes are auto-approved by the policy',
    mcpAsks: 'MCP tools ask first (policy autoApprove.mcp is off)',
    mcpAutoApproved: 'MCP tools are auto-approved by the policy',
    modeSwitchAsks: 'a mode switch the model asks for needs your approval (policy autoApprove.modeSwitch is off)',
    modeSwitchAutoApproved: 'mode switches the model asks for are auto-approved by the policy',
    mcpAlwaysAllow: (server: string) => `the MCP server ${server} lists it in alwaysAllow`,
    steers: (kind: string) => steersEn[kind] ?? kind,
    protectedChange: (kind: string) => `It changes ${steersEn[kind] ?? kind}: such changes always need your approval.`,
    emptyCommand: 'The command is empty.',
    nothingToRun: 'nothing to run',
    /** One part of a compound line speaks for it: the part's command and its reason (`key` and values of this catalog). */
    inPart: (command: string, key: string, ...values: WordValue[]) => `${command}: ${partText('en', key, values)}`,
    notOnAllowList: (command: string) => `"${command}" is not on the allow list`,
    denyListEntry: (entry: string) => `matches the deny list entry "${entry}"`,
    allowListEntry: (entry: string) => `matches the allow list entry "${entry}"`,
    commandsAutoApproved: 'commands are auto-approved by the policy',
    runsInSandbox: 'it runs inside the sandbox (the policy lets sandboxed commands run without asking)',
    notAnalysed: (message: string) => `the command could not be analysed (${message})`,
    innerNotAnalysed: (program: string, message: string) => `the command inside ${program} could not be analysed (${message})`,
    computedAtRunTime: 'the program to run is computed at run time',
    shellCEmpty: (program: string) => `${program} -c has no command`,
    shellCComputed: (program: string) => `the command inside ${program} -c is computed at run time`,
    evalComputed: 'eval runs a command computed at run time',
    heredocRuns: 'a here-document runs command substitutions',
    onlySetsVariables: 'only sets variables or redirects',
    harmlessBuiltin: 'a harmless shell builtin',
    forkBomb: D('a fork bomb'),
    pipedDownload: D('runs a downloaded script (… | sh)'),
    downloadedScript: D('runs a downloaded script'),
    writesToDevice: (device: string) => D(`writes to the device ${device}`),
    runsAsUser: (how: string) => D(`runs as another user (${how})`),
    rmNoPreserveRoot: D('rm --no-preserve-root'),
    recursiveRm: (paths: string) => D(`recursive rm outside the build folders (${paths})`),
    gitPushForce: D('git push --force rewrites the remote history'),
    gitPushPlus: D('git push +refspec is a force push'),
    gitPushDelete: D('git push --delete removes a remote branch'),
    gitPushMirror: D('git push --mirror/--prune can delete remote branches'),
    gitResetHard: D('git reset --hard discards uncommitted work'),
    gitCleanForce: D('git clean -f deletes untracked files'),
    gitBranchForceDelete: D('git branch -D deletes an unmerged branch'),
    gitStashDiscard: (sub: string) => D(`git stash ${sub} discards stashed work`),
    findDelete: (paths: string) => D(`find -delete outside the build folders (${paths})`),
    chmodOpen: D('chmod -R 777 opens every file to everyone'),
    diskTool: (program: string) => D(`${program} destroys data on a disk or file`),
    ddDevice: D('dd writes to a device'),
    stopsMachine: (program: string) => D(`${program} stops the machine`),
    redirectWrites: (redirect: string) => `writes to a file (${redirect}): the allow list covers commands only without redirections to files`,
    readsOutside: (redirect: string) => `reads input from outside the workspace (${redirect})`,
    setsLoadingVariable: (name: string) => `sets ${name}, which changes what the command loads or runs: the allow list does not cover it`,
    optionNotCovered: (option: string, why: string) => `${option} ${optionEn[why] ?? why}: the allow list does not cover it`,
    runsWhereUnknown: 'it may run outside the workspace (its directory is not known): the allow list covers commands only inside it',
    runsOutside: (dir: string) => `it runs in ${dir}, outside the workspace: the allow list covers commands only inside it`,
    argumentComputed: (word: string) => `the argument ${word} is computed at run time: the allow list covers commands only as written`,
    pathOutside: (path: string) => `"${path}" is outside the workspace: the allow list covers commands only inside it`,
    namesGitInternals: (path: string) => `it names ${path}, ${GIT_DATA}`,
    writesGitInternals: (path: string) => D(`writes ${path}, ${GIT_DATA}`),
  },
  'zh-CN': {
    readsNotAuto: '读取不会被自动批准',
    sandboxBlocked: '操作系统沙箱阻止了这条命令的一部分：只有人可以允许它',
    readsNeedApproval: '读取需要批准（autoApprove.read 已关闭）',
    writesNeedApproval: '文件更改需要批准（autoApprove.write 已关闭）',
    readsAutoApproved: '策略自动批准读取',
    writesAutoApproved: '策略自动批准文件更改',
    mcpAsks: 'MCP 工具需先询问（策略 autoApprove.mcp 已关闭）',
    mcpAutoApproved: '策略自动批准 MCP 工具',
    modeSwitchAsks: '模型请求的模式切换需要你的批准（策略 autoApprove.modeSwitch 已关闭）',
    modeSwitchAutoApproved: '策略自动批准模型请求的模式切换',
    mcpAlwaysAllow: (server: string) => `MCP 服务器 ${server} 将它列在 alwaysAllow 中`,
    steers: (kind: string) => steersZh[kind] ?? kind,
    protectedChange: (kind: string) => `它会更改${steersZh[kind] ?? kind}：这类更改始终需要你的批准。`,
    emptyCommand: '命令为空。',
    nothingToRun: '没有要运行的命令',
    inPart: (command: string, key: string, ...values: WordValue[]) => `${command}：${partText('zh-CN', key, values)}`,
    notOnAllowList: (command: string) => `“${command}” 不在允许列表中`,
    denyListEntry: (entry: string) => `匹配拒绝列表中的条目“${entry}”`,
    allowListEntry: (entry: string) => `匹配允许列表中的条目“${entry}”`,
    commandsAutoApproved: '策略自动批准命令',
    runsInSandbox: '它在沙箱中运行（策略允许沙箱中的命令无需询问即可运行）',
    notAnalysed: (message: string) => `无法分析该命令（${message}）`,
    innerNotAnalysed: (program: string, message: string) => `无法分析 ${program} 中的命令（${message}）`,
    computedAtRunTime: '要运行的程序在运行时才确定',
    shellCEmpty: (program: string) => `${program} -c 没有给出命令`,
    shellCComputed: (program: string) => `${program} -c 中的命令在运行时才确定`,
    evalComputed: 'eval 运行的命令在运行时才确定',
    heredocRuns: 'here-document 中会执行命令替换',
    onlySetsVariables: '只设置变量或重定向',
    harmlessBuiltin: '无害的 shell 内置命令',
    forkBomb: DZ('fork 炸弹'),
    pipedDownload: DZ('运行下载的脚本（… | sh）'),
    downloadedScript: DZ('运行下载的脚本'),
    writesToDevice: (device: string) => DZ(`写入设备 ${device}`),
    runsAsUser: (how: string) => DZ(`以其他用户身份运行（${how}）`),
    rmNoPreserveRoot: DZ('rm --no-preserve-root'),
    recursiveRm: (paths: string) => DZ(`在构建文件夹之外递归执行 rm（${paths}）`),
    gitPushForce: DZ('git push --force 会改写远程历史'),
    gitPushPlus: DZ('git push +refspec 是强制推送'),
    gitPushDelete: DZ('git push --delete 会删除远程分支'),
    gitPushMirror: DZ('git push --mirror/--prune 可能删除远程分支'),
    gitResetHard: DZ('git reset --hard 会丢弃未提交的工作'),
    gitCleanForce: DZ('git clean -f 会删除未跟踪的文件'),
    gitBranchForceDelete: DZ('git branch -D 会删除未合并的分支'),
    gitStashDiscard: (sub: string) => DZ(`git stash ${sub} 会丢弃储藏的工作`),
    findDelete: (paths: string) => DZ(`在构建文件夹之外执行 find -delete（${paths}）`),
    chmodOpen: DZ('chmod -R 777 会向所有人开放每个文件'),
    diskTool: (program: string) => DZ(`${program} 会销毁磁盘或文件上的数据`),
    ddDevice: DZ('dd 会写入设备'),
    stopsMachine: (program: string) => DZ(`${program} 会让这台机器停止运行`),
    redirectWrites: (redirect: string) => `写入文件（${redirect}）：允许列表只涵盖不重定向到文件的命令`,
    readsOutside: (redirect: string) => `从工作区之外读取输入（${redirect}）`,
    setsLoadingVariable: (name: string) => `设置了 ${name}，它会改变命令加载或运行的内容：允许列表不涵盖这种情况`,
    optionNotCovered: (option: string, why: string) => `${option} ${optionZh[why] ?? why}：允许列表不涵盖它`,
    runsWhereUnknown: '它可能在工作区之外运行（目录未知）：允许列表只涵盖工作区内的命令',
    runsOutside: (dir: string) => `它在工作区之外的 ${dir} 中运行：允许列表只涵盖工作区内的命令`,
    argumentComputed: (word: string) => `参数 ${word} 在运行时才确定：允许列表只涵盖按原样写出的命令`,
    pathOutside: (path: string) => `“${path}” 在工作区之外：允许列表只涵盖工作区内的命令`,
    namesGitInternals: (path: string) => `它涉及 ${path}，即${GIT_DATA_ZH}`,
    writesGitInternals: (path: string) => DZ(`写入 ${path}，即${GIT_DATA_ZH}`),
  },
});
