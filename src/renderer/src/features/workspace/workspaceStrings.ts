import { defineText } from '../../../../shared/i18n';

/** The file tree's words (issue 14). */
export const workspaceStrings = defineText({
  en: {
    files: 'Files',
    cannotListFolder: (error: string) => `Cannot list the folder: ${error}`,
    cannotListThisFolder: 'Cannot list this folder',
    folderEmpty: 'This folder is empty.',
    loading: 'Loading…',
    emptyFolder: 'Empty folder',
    loadMore: (remaining: string) => `Load more… (${remaining} more)`,
    linkToFolder: 'Symbolic link to a folder in the workspace',
    linkToFile: 'Symbolic link to a file in the workspace',
    linkOutside: 'Symbolic link that leads outside the workspace (not opened)',
    linkBroken: 'Broken symbolic link',
    symbolicLink: 'symbolic link',
    containsChanges: 'contains changes',
  },
  'zh-CN': {
    files: '文件',
    cannotListFolder: (error: string) => `无法列出文件夹：${error}`,
    cannotListThisFolder: '无法列出此文件夹',
    folderEmpty: '此文件夹为空。',
    loading: '正在加载…',
    emptyFolder: '空文件夹',
    loadMore: (remaining: string) => `加载更多…（还有 ${remaining} 项）`,
    linkToFolder: '指向工作区中某个文件夹的符号链接',
    linkToFile: '指向工作区中某个文件的符号链接',
    linkOutside: '指向工作区之外的符号链接（不会打开）',
    linkBroken: '失效的符号链接',
    symbolicLink: '符号链接',
    containsChanges: '包含更改',
  },
});
