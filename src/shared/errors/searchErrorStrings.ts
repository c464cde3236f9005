import { defineText } from '../i18n/defineText';

/** The words of search-in-files errors (issue 14), keys `search.<name>`. `field` is the glob's field (include, exclude). */
export const searchErrorStrings = defineText({
  en: {
    workspaceClosed: 'The workspace was closed.',
    tooManySearches: (max: number) => `${max} searches are running already: cancel one (search.cancel) or wait for it.`,
    badRegex: (reason: string) => `Invalid regular expression: ${reason}.`,
    globNamesNothing: (field: string, glob: string) => `Invalid ${field} glob "${glob}": it names no file.`,
    badGlob: (field: string, glob: string, reason: string) => `Invalid ${field} glob "${glob}": ${reason}`,
    failed: (reason: string) => `The search failed: ${reason}`,
  },
  'zh-CN': {
    workspaceClosed: '工作区已关闭。',
    tooManySearches: (max: number) => `已经有 ${max} 个搜索在运行：请取消一个（search.cancel）或等它完成。`,
    badRegex: (reason: string) => `无效的正则表达式：${reason}。`,
    globNamesNothing: (field: string, glob: string) => `无效的 ${field} glob“${glob}”：它不匹配任何文件。`,
    badGlob: (field: string, glob: string, reason: string) => `无效的 ${field} glob“${glob}”：${reason}`,
    failed: (reason: string) => `搜索失败：${reason}`,
  },
});
