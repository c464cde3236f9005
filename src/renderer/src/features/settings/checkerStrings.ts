import { defineText } from '../../../../shared/i18n';

/**
 * "Diagnostics checkers" in the Settings page (issue 26) in words: the checkers that run a program the workspace chose,
 * whether they are approved, and the confirmation of an approval.
 */
export const checkerStrings = defineText({
  en: {
    title: 'Diagnostics checkers',
    note: 'Checkers that run a program this workspace chose (named in .akira/settings.json, inside the workspace, or running its code) run for @problems only once you approve them, for this workspace and this exact command.',
    none: 'No checker of this workspace needs approval.',
    loading: 'Loading…',
    cannotList: (why: string) => `The checkers could not be listed: ${why}`,
    awaiting: 'waits for your approval',
    approved: 'approved',
    disabledBy: (file: string) => `disabled in ${file}`,
    approve: 'Approve',
    withdraw: 'Withdraw approval',
    confirmTitle: (id: string) => `Run “${id}”, chosen by this project?`,
    confirmIntro: 'Akira will run this command in the workspace whenever its problems are asked for (@problems, Settings, the agent):',
    confirmWarning: 'It is a program this repository chose: approve it only if you trust the project. A changed command needs approving again.',
    changedWhileReading: 'The command changed while you were reading: look at it again.',
    confirm: 'Approve',
    cancel: 'Cancel',
  },
  'zh-CN': {
    title: '诊断检查器',
    note: '运行此工作区所选程序的检查器（在 .akira/settings.json 中指定、位于工作区内或运行其代码）只有在你针对此工作区和这条确切的命令批准后，才会为 @problems 运行。',
    none: '此工作区没有需要批准的检查器。',
    loading: '正在加载…',
    cannotList: (why: string) => `无法列出检查器：${why}`,
    awaiting: '等待你的批准',
    approved: '已批准',
    disabledBy: (file: string) => `已在 ${file} 中禁用`,
    approve: '批准',
    withdraw: '撤销批准',
    confirmTitle: (id: string) => `要运行此项目选择的“${id}”吗？`,
    confirmIntro: '每当需要查看问题时（@problems、设置、智能体），Akira 都会在工作区中运行这条命令：',
    confirmWarning: '这是此仓库选择的程序：只有在你信任该项目时才批准它。命令更改后需要重新批准。',
    changedWhileReading: '在你阅读期间命令已更改：请再看一遍。',
    confirm: '批准',
    cancel: '取消',
  },
});
