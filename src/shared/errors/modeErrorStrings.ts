import { defineText } from '../i18n/defineText';

/**
 * The words of a broken custom mode file (issue 14), keys `mode.<name>`: `agent.modes`' `errors[].words`, shown by
 * the start form. `file` is the workspace-relative path (`.akira/modes/review.json`), and the English is exactly the
 * error's `message` (`<file>: <what is wrong>`). `said` is what a parser or the file system said (its own words).
 */
const ID_RULE = '1–48 lowercase letters, digits, "-" or "_"';

export const modeErrorStrings = defineText({
  en: {
    yamlMissing: (file: string) => `${file}: YAML mode files need the "yaml" package, which is not installed: write the mode as .json, or install yaml`,
    notAFile: (file: string) => `${file}: not a file`,
    tooBig: (file: string, bytes: number, max: number) => `${file}: the file is ${bytes} bytes; a mode file may be at most ${max}`,
    unreadable: (file: string, said: string) => `${file}: cannot be read (${said})`,
    notParsed: (file: string, format: string, said: string) => `${file}: is not valid ${format} (${said})`,
    notAnObject: (file: string) => `${file}: must hold one object with the mode’s fields (id, name, systemPrompt, …)`,
    /** The schema's problems: `list` is their English (`tools.1: "browse" is not a tool…`), `fields` their paths. */
    invalidFields: (file: string, _count: number, list: string, _fields: string) => `${file}: ${list}`,
    noPrompt: (file: string) => `${file}: systemPrompt is missing: a mode needs one unless it extends another mode ("extends": "code-dev")`,
    badIdFromName: (file: string, id: string) => `${file}: the file name gives the id ${JSON.stringify(id)}, which is not valid: add "id" (${ID_RULE})`,
    duplicateId: (file: string, id: string, other: string) => `${file}: id: "${id}" is already defined by ${other}`,
    extendsItself: (file: string, id: string) => `${file}: extends: a mode cannot extend itself ("${id}")`,
    extendsCycle: (file: string, parent: string, id: string, chain: string) => `${file}: extends: "${parent}" leads back to "${id}" (${chain})`,
    extendsBroken: (file: string, parent: string, broken: string) => `${file}: extends: the mode "${parent}" is invalid (see the error for ${broken})`,
    extendsUnknown: (file: string, parent: string, modes: string) => `${file}: extends: there is no mode "${parent}" (modes: ${modes})`,
    /** `akira run --mode` / agent.start with a mode that is not there while some mode files are broken (`list`: their errors). */
    noSuchModeBroken: (mode: string, modes: string, _count: number, list: string, _files: string) =>
      `There is no mode "${mode}". Modes: ${modes}. Mode files with errors: ${list}`,
  },
  'zh-CN': {
    yamlMissing: (file: string) => `${file}：YAML 模式文件需要 "yaml" 包，但它没有安装：请把模式写成 .json，或安装 yaml`,
    notAFile: (file: string) => `${file}：不是文件`,
    tooBig: (file: string, bytes: number, max: number) => `${file}：文件有 ${bytes} 字节；模式文件最多 ${max} 字节`,
    unreadable: (file: string, said: string) => `${file}：无法读取（${said}）`,
    notParsed: (file: string, format: string, said: string) => `${file}：不是有效的 ${format}（${said}）`,
    notAnObject: (file: string) => `${file}：必须是一个包含模式字段（id、name、systemPrompt 等）的对象`,
    invalidFields: (file: string, count: number, _list: string, fields: string) => `${file}：有 ${count} 个无效字段：${fields}`,
    noPrompt: (file: string) => `${file}：缺少 systemPrompt：模式必须有它，除非它扩展另一个模式（"extends": "code-dev"）`,
    badIdFromName: (file: string, id: string) =>
      `${file}：由文件名得到的 ID ${JSON.stringify(id)} 无效：请加上 "id"（1–48 个小写字母、数字、"-" 或 "_"）`,
    duplicateId: (file: string, id: string, other: string) => `${file}：id："${id}" 已由 ${other} 定义`,
    extendsItself: (file: string, id: string) => `${file}：extends：模式不能扩展自身（"${id}"）`,
    extendsCycle: (file: string, parent: string, id: string, chain: string) => `${file}：extends："${parent}" 又回到了 "${id}"（${chain}）`,
    extendsBroken: (file: string, parent: string, broken: string) => `${file}：extends：模式 "${parent}" 无效（见 ${broken} 的错误）`,
    extendsUnknown: (file: string, parent: string, modes: string) => `${file}：extends：没有模式 "${parent}"（可用模式：${modes}）`,
    noSuchModeBroken: (mode: string, modes: string, count: number, _list: string, files: string) =>
      `没有模式“${mode}”。可用模式：${modes}。有 ${count} 个模式文件有错误：${files}`,
  },
});
