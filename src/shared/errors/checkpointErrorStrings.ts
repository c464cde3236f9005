import { defineText } from '../i18n/defineText';

/**
 * The words of checkpoint errors (issue 14), keys `checkpoint.<name>`: create, list, show, diff, restore, prune. A
 * settings file is `place` (`global` or `workspace`) and `file` (its path). The store's own git processes (fast-import,
 * cat-file…) fail in words too: `command` is git's subcommand, `code` its exit code (or `signal`), `said` git's own text.
 */
const placeEn = (place: string, file: string) => (place === 'global' ? `The global settings (${file})` : file);
const placeZh = (place: string, file: string) => (place === 'global' ? `全局设置（${file}）` : file);

export const checkpointErrorStrings = defineText({
  en: {
    idRequired: 'A checkpoint id is required.',
    noneYet: 'There are no checkpoints yet.',
    ambiguousId: (id: string) => `Checkpoint id "${id}" is ambiguous.`,
    noSuchCheckpoint: (id: string) => `No checkpoint "${id}".`,
    pathRequired: 'A file path is required.',
    pathsRequired: 'paths must be a non-empty list.',
    pathsNotWorkspace: 'paths must name files or folders inside the workspace, not the workspace itself.',
    folderInCheckpoint: (path: string, id: string) => `"${path}" is a folder in checkpoint ${id}.`,
    isFolder: (path: string) => `"${path}" is a folder.`,
    notRegularFile: (path: string) => `"${path}" is not a regular file.`,
    tooLargeToShow: (path: string, bytes: number) => `"${path}" is too large to show (${bytes} bytes).`,
    badName: (kind: string) => `${kind} must be 1–128 letters, digits, ".", "_" or "-".`,
    unknownOrigin: (origin: string) => `Unknown origin: ${origin}`,
    outOfRange: (name: string, min: number, max: number) => `${name} must be a number from ${min} to ${max}.`,
    retentionNotWhole: 'retentionDays must be a whole number of days (1–3650).',
    folderNotFound: (path: string) => `Folder not found: ${path}`,
    serviceClosed: 'The checkpoint service is closed.',
    unavailableHere: 'Checkpoints are not available in this workspace.',
    notInWorkspace: (id: string) => `No checkpoint ${id} in this workspace (akira checkpoints list shows them).`,
    diagnosticsUnavailable: 'Diagnostics are not available in this workspace.',
    storeBusy: (holder: string) => `The checkpoint store is busy: it is held by ${holder}; try again once it is done.`,
    missingObject: (object: string) => `The checkpoint store is missing object ${object}.`,
    settingsNotObject: (place: string, file: string) => `${placeEn(place, file)} is not a JSON object.`,
    sectionNotObject: (place: string, file: string) => `${placeEn(place, file)}: checkpoints must be an object, e.g. {"retentionDays": 90}.`,
    retentionOutOfRange: (place: string, file: string, min: number, max: number, got: string) =>
      `${placeEn(place, file)}: checkpoints.retentionDays must be a whole number of days from ${min} to ${max} (got ${got}).`,
    /** settings.get's problem when the workspace's retention is shorter (`from`: `global` or `default`) and left out. */
    retentionNotShortened: (days: number, from: string, applied: number) =>
      `.akira/settings.json sets checkpoints.retentionDays to ${days}, shorter than ${from === 'global' ? 'the global setting' : 'the default'} (${applied}): a workspace can only keep checkpoints longer, so ${applied} days apply.`,
    overSizeCap: (usedMiB: number, capMiB: number) =>
      `The store (${usedMiB} MiB) is over its size cap (${capMiB} MiB): a prune would also remove the oldest of the other checkpoints until it fits.`,

    gitCannotRun: (said: string) => `Cannot run git: ${said}`,
    needGit:
      'Checkpoints are off: they are kept with git, which is not installed (no git on the PATH). Install it from https://git-scm.com/downloads (or: apt install git, brew install git, winget install Git.Git), then open the folder again.',
    gitFailed: (command: string, code: string, said: string) => `git ${command} failed (${code}): ${said}`,
    gitStopped: (command: string, code: string, said: string) => `git ${command} stopped (${code})${said ? `: ${said}` : ''}`,
    importerStopped: (code: string, said: string) => `Could not write the checkpoint: git fast-import stopped (${code})${said ? `: ${said}` : ''}`,
    importAnsweredOdd: (said: string) => `Unexpected answer from git fast-import: ${said}`,
    notWritten: (said: string) => `Could not write the checkpoint (git fast-import answered "${said}")`,
    catFileOdd: (said: string) => `Unexpected cat-file output: ${said}`,
    storeUnreadable: (code: string, said: string) => `Could not read from the checkpoint store (cat-file ${code}): ${said}`,
  },
  'zh-CN': {
    idRequired: '需要检查点 ID。',
    noneYet: '还没有检查点。',
    ambiguousId: (id: string) => `检查点 ID“${id}”有歧义。`,
    noSuchCheckpoint: (id: string) => `没有检查点“${id}”。`,
    pathRequired: '需要文件路径。',
    pathsRequired: 'paths 必须是非空列表。',
    pathsNotWorkspace: 'paths 必须指定工作区内的文件或文件夹，而不是工作区本身。',
    folderInCheckpoint: (path: string, id: string) => `“${path}”在检查点 ${id} 中是文件夹。`,
    isFolder: (path: string) => `“${path}”是文件夹。`,
    notRegularFile: (path: string) => `“${path}”不是普通文件。`,
    tooLargeToShow: (path: string, bytes: number) => `“${path}”太大，无法显示（${bytes} 字节）。`,
    badName: (kind: string) => `${kind} 必须由 1–128 个字母、数字、“.”、“_”或“-”组成。`,
    unknownOrigin: (origin: string) => `未知的来源：${origin}`,
    outOfRange: (name: string, min: number, max: number) => `${name} 必须是 ${min} 到 ${max} 之间的数字。`,
    retentionNotWhole: 'retentionDays 必须是整数天数（1–3650）。',
    folderNotFound: (path: string) => `找不到文件夹：${path}`,
    serviceClosed: '检查点服务已关闭。',
    unavailableHere: '这个工作区中没有检查点功能。',
    notInWorkspace: (id: string) => `这个工作区中没有检查点 ${id}（akira checkpoints list 会列出它们）。`,
    diagnosticsUnavailable: '这个工作区中没有诊断功能。',
    storeBusy: (holder: string) => `检查点存储正忙：正被 ${holder} 占用；请等它完成后再试。`,
    missingObject: (object: string) => `检查点存储缺少对象 ${object}。`,
    settingsNotObject: (place: string, file: string) => `${placeZh(place, file)} 不是 JSON 对象。`,
    sectionNotObject: (place: string, file: string) => `${placeZh(place, file)}：checkpoints 必须是对象，例如 {"retentionDays": 90}。`,
    retentionOutOfRange: (place: string, file: string, min: number, max: number, got: string) =>
      `${placeZh(place, file)}：checkpoints.retentionDays 必须是 ${min} 到 ${max} 之间的整数天数（当前为 ${got}）。`,
    retentionNotShortened: (days: number, from: string, applied: number) =>
      `.akira/settings.json 把 checkpoints.retentionDays 设为 ${days}，比${from === 'global' ? '全局设置' : '默认值'}（${applied}）短：工作区只能让检查点保留得更久，所以按 ${applied} 天保留。`,
    overSizeCap: (usedMiB: number, capMiB: number) => `存储（${usedMiB} MiB）超过了它的大小上限（${capMiB} MiB）：清理时还会删除其余检查点中最旧的，直到放得下为止。`,

    gitCannotRun: (said: string) => `无法运行 Git：${said}`,
    needGit:
      '检查点已关闭：检查点用 Git 保存，而这台机器没有安装 Git（PATH 中找不到 git）。请从 https://git-scm.com/downloads 安装（或：apt install git、brew install git、winget install Git.Git），然后重新打开文件夹。',
    gitFailed: (command: string, code: string, said: string) => `git ${command} 失败（${code}）：${said}`,
    gitStopped: (command: string, code: string, said: string) => `git ${command} 已停止（${code}）${said ? `：${said}` : ''}`,
    importerStopped: (code: string, said: string) => `无法写入检查点：git fast-import 已停止（${code}）${said ? `：${said}` : ''}`,
    importAnsweredOdd: (said: string) => `git fast-import 给出了意外的回答：${said}`,
    notWritten: (said: string) => `无法写入检查点（git fast-import 回答“${said}”）`,
    catFileOdd: (said: string) => `cat-file 给出了意外的输出：${said}`,
    storeUnreadable: (code: string, said: string) => `无法读取检查点存储（cat-file ${code}）：${said}`,
  },
});
