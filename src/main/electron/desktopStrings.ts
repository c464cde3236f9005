import { defineText } from '../../shared/i18n';

/**
 * The desktop app's own words (issue 14): the File menu, native dialogs, the link confirmation and the spec
 * notifications, in English and Chinese. Edit and View are Electron roles, which the system words itself.
 */
export const desktopStrings = defineText({
  en: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    openFolder: 'Open Folder…',
    openRecent: 'Open Recent',
    noRecent: 'No recent folders',
    closeFolder: 'Close Folder',
    openFolderTitle: 'Open Folder',
    cannotOpenFolder: 'Cannot open folder',
    couldNotStart: 'Akira could not start',
    openLinkTitle: 'Open link',
    openLinkQuestion: (host: string) => `Open ${host} in your browser?`,
    openLinkDetail: (url: string, host: string) =>
      `${url}\n\nAkira did not open this site before. “Always open” remembers ${host} in settings.json (ui.allowedExternalHosts).`,
    open: 'Open',
    alwaysOpen: (host: string) => `Always open ${host}`,
    cancel: 'Cancel',
    specCompleted: (name: string) => `Akira: spec ${name} completed`,
    specFailed: (name: string) => `Akira: spec ${name} failed`,
    specPaused: (name: string) => `Akira: spec ${name} paused`,
    resumeInAkira: 'Resume it in Akira.',
    taskCompleted: 'Akira: task completed',
    taskFailed: 'Akira: task failed',
  },
  'zh-CN': {
    file: '文件',
    edit: '编辑',
    view: '视图',
    openFolder: '打开文件夹…',
    openRecent: '打开最近的文件夹',
    noRecent: '没有最近的文件夹',
    closeFolder: '关闭文件夹',
    openFolderTitle: '打开文件夹',
    cannotOpenFolder: '无法打开文件夹',
    couldNotStart: 'Akira 无法启动',
    openLinkTitle: '打开链接',
    openLinkQuestion: (host: string) => `在浏览器中打开 ${host}？`,
    openLinkDetail: (url: string, host: string) =>
      `${url}\n\nAkira 之前没有打开过这个网站。“总是打开”会把 ${host} 记在 settings.json（ui.allowedExternalHosts）中。`,
    open: '打开',
    alwaysOpen: (host: string) => `总是打开 ${host}`,
    cancel: '取消',
    specCompleted: (name: string) => `Akira：规格 ${name} 已完成`,
    specFailed: (name: string) => `Akira：规格 ${name} 已失败`,
    specPaused: (name: string) => `Akira：规格 ${name} 已暂停`,
    resumeInAkira: '在 Akira 中继续它。',
    taskCompleted: 'Akira：任务已完成',
    taskFailed: 'Akira：任务失败',
  },
});

export type DesktopWords = (typeof desktopStrings)['en'];
