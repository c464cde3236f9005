import { defineText } from '../i18n/defineText';

/**
 * The words of file, folder and workspace errors (issue 14), keys `file.<name>`: what the workspace, the folder
 * browser and the file-system answers say. English is the core's `message`; see src/shared/errors/index.ts.
 */
const inName = (name: string) => (name ? ` (${name})` : '');
const zhName = (name: string) => (name ? `（${name}）` : '');

export const fileErrorStrings = defineText({
  en: {
    // A Node file-system error, by its code: the last name of the path only.
    errnoNotFound: (name: string) => `No such file or folder${inName(name)}`,
    errnoNotFolder: (name: string) => `Not a folder${inName(name)}`,
    errnoIsFolder: (name: string) => `Is a folder, not a file${inName(name)}`,
    errnoPermission: (name: string) => `Permission denied${inName(name)}`,
    errnoNotPermitted: (name: string) => `Operation not permitted${inName(name)}`,
    errnoExists: (name: string) => `Already exists${inName(name)}`,
    errnoNameTooLong: (name: string) => `File name too long${inName(name)}`,
    errnoLinkLoop: (name: string) => `Too many levels of symbolic links${inName(name)}`,
    errnoOther: (errno: string, syscall: string, name: string) => `${errno}${syscall ? ` in ${syscall}` : ''}${inName(name)}`,

    // Paths and confinement.
    pathNotText: 'Path must be a string.',
    pathHasNul: 'Path contains a NUL byte.',
    nameTooLong: (path: string) => `File name too long: ${path}`,
    ambiguousSegment: (segment: string, folded: string) =>
      `Path segment "${segment}" looks like "${folded}" after Unicode normalisation; refusing an ambiguous path.`,
    outsideWorkspace: (path: string) => `Path "${path}" is outside the workspace.`,
    outsideThroughLink: (path: string) => `Path "${path}" leads outside the workspace through a symbolic link.`,
    leadsOutside: (path: string) => `${path} leads outside the workspace.`,
    permissionDenied: (path: string) => `Permission denied: ${path}`,
    linkLoop: (path: string) => `Too many levels of symbolic links: ${path}`,
    notFound: (path: string) => `No such file or folder: ${path}`,
    becameLink: (path: string) => `${path} changed into a symbolic link while reading.`,
    isFolder: (path: string) => `Is a folder, not a file: ${path}`,
    notRegularFile: (path: string) => `Not a regular file: ${path}`,
    notFolder: (path: string) => `Not a folder: ${path}`,
    workspaceGone: 'The workspace folder is gone.',
    workspaceNotFile: 'The workspace folder is not a file.',
    badPage: 'offset must be ≥ 0 and limit ≥ 1 (integers).',

    // Saving a file.
    insideDotGit: (path: string) => `${path} is inside a .git folder; Akira does not edit git's own data.`,
    leadsIntoDotGit: (path: string) => `${path} leads into a .git folder; Akira does not edit git's own data.`,
    saveConflictExists: (path: string) => `${path} exists already since it was read; nothing was written.`,
    saveConflictDeleted: (path: string) => `${path} was deleted since it was read; nothing was written.`,
    saveConflictChanged: (path: string) => `${path} changed on disk since it was read; nothing was written.`,

    // Opening and browsing folders.
    noFolderOpen: 'No folder is open. Open a folder first (File → Open Folder…).',
    serveOneFolder: 'The browser face serves one folder; run `akira serve <folder>` to serve another.',
    browseUnavailable: 'Browsing folders is not available here; name the folder on the command line.',
    nothingToBrowse: 'No folder may be browsed here.',
    absolutePathNeeded: (path: string) => `Give an absolute path (or one starting with ~): ${path}`,
    folderNotFound: (path: string) => `Folder not found: ${path}`,
    folderOutside: (path: string, places: string) => `${path} is outside the folders this Akira may open (${places} and what is inside them).`,
    folderLinkOutside: (path: string, real: string, places: string) =>
      `${path} is a link that leads to ${real}, outside the folders this Akira may open (${places} and what is inside them).`,
  },
  'zh-CN': {
    errnoNotFound: (name: string) => `没有这个文件或文件夹${zhName(name)}`,
    errnoNotFolder: (name: string) => `不是文件夹${zhName(name)}`,
    errnoIsFolder: (name: string) => `这是文件夹，不是文件${zhName(name)}`,
    errnoPermission: (name: string) => `没有权限${zhName(name)}`,
    errnoNotPermitted: (name: string) => `不允许此操作${zhName(name)}`,
    errnoExists: (name: string) => `已存在${zhName(name)}`,
    errnoNameTooLong: (name: string) => `文件名过长${zhName(name)}`,
    errnoLinkLoop: (name: string) => `符号链接层数过多${zhName(name)}`,
    errnoOther: (errno: string, syscall: string, name: string) => `文件系统错误 ${errno}${syscall ? `（${syscall}）` : ''}${zhName(name)}`,

    pathNotText: '路径必须是字符串。',
    pathHasNul: '路径中含有 NUL 字节。',
    nameTooLong: (path: string) => `文件名过长：${path}`,
    ambiguousSegment: (segment: string, folded: string) => `路径片段“${segment}”经 Unicode 规范化后变成“${folded}”；拒绝这个有歧义的路径。`,
    outsideWorkspace: (path: string) => `路径“${path}”在工作区之外。`,
    outsideThroughLink: (path: string) => `路径“${path}”通过符号链接指向工作区之外。`,
    leadsOutside: (path: string) => `${path} 指向工作区之外。`,
    permissionDenied: (path: string) => `没有权限：${path}`,
    linkLoop: (path: string) => `符号链接层数过多：${path}`,
    notFound: (path: string) => `没有这个文件或文件夹：${path}`,
    becameLink: (path: string) => `读取时 ${path} 变成了符号链接。`,
    isFolder: (path: string) => `这是文件夹，不是文件：${path}`,
    notRegularFile: (path: string) => `不是普通文件：${path}`,
    notFolder: (path: string) => `不是文件夹：${path}`,
    workspaceGone: '工作区文件夹已不存在。',
    workspaceNotFile: '工作区文件夹不是文件。',
    badPage: 'offset 必须 ≥ 0，limit 必须 ≥ 1（整数）。',

    insideDotGit: (path: string) => `${path} 位于 .git 文件夹内；Akira 不修改 Git 自己的数据。`,
    leadsIntoDotGit: (path: string) => `${path} 指向 .git 文件夹内；Akira 不修改 Git 自己的数据。`,
    saveConflictExists: (path: string) => `读取之后 ${path} 已被创建；没有写入任何内容。`,
    saveConflictDeleted: (path: string) => `读取之后 ${path} 已被删除；没有写入任何内容。`,
    saveConflictChanged: (path: string) => `读取之后 ${path} 在磁盘上已被更改；没有写入任何内容。`,

    noFolderOpen: '没有打开文件夹。请先打开一个文件夹（文件 → 打开文件夹…）。',
    serveOneFolder: '浏览器界面只服务一个文件夹；要服务另一个，请运行 `akira serve <文件夹>`。',
    browseUnavailable: '这里不能浏览文件夹；请在命令行中指定文件夹。',
    nothingToBrowse: '这里没有可以浏览的文件夹。',
    absolutePathNeeded: (path: string) => `请给出绝对路径（或以 ~ 开头的路径）：${path}`,
    folderNotFound: (path: string) => `找不到文件夹：${path}`,
    folderOutside: (path: string, places: string) => `${path} 不在此 Akira 可以打开的文件夹之内（${places} 及其中的内容）。`,
    folderLinkOutside: (path: string, real: string, places: string) =>
      `${path} 是一个指向 ${real} 的链接，不在此 Akira 可以打开的文件夹之内（${places} 及其中的内容）。`,
  },
});
