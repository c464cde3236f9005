import { defineText } from '../i18n/defineText';

/**
 * Why the policy asks before an action (issue 14), keys `policy.<name>`: the reason an approval card shows
 * (`approval_requested.reason` stays this English text; `reasonWords` beside it). A command is its own text.
 */
export const policyReasonStrings = defineText({
  en: {
    readsNotAuto: 'reads are not auto-approved',
    readsNeedApproval: 'reads need approval (autoApprove.read is off)',
    writesNeedApproval: 'file changes need approval (autoApprove.write is off)',
    mcpAsks: 'MCP tools ask first (policy autoApprove.mcp is off)',
    notOnAllowList: (command: string) => `"${command}" is not on the allow list`,
    notAnalysed: (message: string) => `the command could not be analysed (${message})`,
    computedAtRunTime: 'the program to run is computed at run time',
  },
  'zh-CN': {
    readsNotAuto: '读取不会被自动批准',
    readsNeedApproval: '读取需要批准（autoApprove.read 已关闭）',
    writesNeedApproval: '文件更改需要批准（autoApprove.write 已关闭）',
    mcpAsks: 'MCP 工具需先询问（策略 autoApprove.mcp 已关闭）',
    notOnAllowList: (command: string) => `“${command}” 不在允许列表中`,
    notAnalysed: (message: string) => `无法分析该命令（${message}）`,
    computedAtRunTime: '要运行的程序在运行时才确定',
  },
});
