import { defineText } from '../i18n/defineText';

/**
 * The problems of a custom mode's file (`.akira/modes/*.json|yaml`, issue 14), keys `mode.<name>`: the settings view
 * lists them among `settings.get`'s problems. `file` is the file's path in the workspace; `said` is another tool's
 * text (the file system's, the JSON or YAML parser's, the mode schema's), shown as it is.
 */
export const modeErrorStrings = defineText({
  en: {
    noSystemPrompt: (file: string) => `${file}: systemPrompt is missing: a mode needs one unless it extends another mode ("extends": "code-dev")`,
    badIdFromName: (file: string, id: string) => `${file}: the file name gives the id ${id}, which is not valid: add "id" (1–48 lowercase letters, digits, "-" or "_")`,
    idTaken: (file: string, id: string, other: string) => `${file}: id: "${id}" is already defined by ${other}`,
    extendsItself: (file: string, id: string) => `${file}: extends: a mode cannot extend itself ("${id}")`,
    extendsCycle: (file: string, parent: string, id: string, chain: string) => `${file}: extends: "${parent}" leads back to "${id}" (${chain})`,
    parentInvalid: (file: string, parent: string, other: string) => `${file}: extends: the mode "${parent}" is invalid (see the error for ${other})`,
    noParent: (file: string, parent: string, modes: string) => `${file}: extends: there is no mode "${parent}" (modes: ${modes})`,
    noYaml: (file: string) => `${file}: YAML mode files need the "yaml" package, which is not installed: write the mode as .json, or install yaml`,
    notAFile: (file: string) => `${file}: not a file`,
    tooLarge: (file: string, size: number, max: number) => `${file}: the file is ${size} bytes; a mode file may be at most ${max}`,
    unreadable: (file: string, said: string) => `${file}: cannot be read (${said})`,
    notParsed: (file: string, format: string, said: string) => `${file}: is not valid ${format} (${said})`,
    notObject: (file: string) => `${file}: must hold one object with the mode’s fields (id, name, systemPrompt, …)`,
    badFields: (file: string, said: string) => `${file}: ${said}`,
  },
  'zh-CN': {
    noSystemPrompt: (file: string) => `${file}：缺少 systemPrompt：模式需要它，除非它扩展另一个模式（"extends": "code-dev"）`,
    badIdFromName: (file: string, id: string) => `${file}：文件名给出的 ID ${id} 无效：请添加 "id"（1–48 个小写字母、数字、"-" 或 "_"）`,
    idTaken: (file: string, id: string, other: string) => `${file}：id：“${id}”已由 ${other} 定义`,
    extendsItself: (file: string, id: string) => `${file}：extends：模式不能扩展它自己（“${id}”）`,
    extendsCycle: (file: string, parent: string, id: string, chain: string) => `${file}：extends：“${parent}”又回到了“${id}”（${chain}）`,
    parentInvalid: (file: string, parent: string, other: string) => `${file}：extends：模式“${parent}”无效（见 ${other} 的错误）`,
    noParent: (file: string, parent: string, modes: string) => `${file}：extends：没有模式“${parent}”（可用的模式：${modes}）`,
    noYaml: (file: string) => `${file}：YAML 模式文件需要 "yaml" 包，但它没有安装：请把模式写成 .json，或安装 yaml`,
    notAFile: (file: string) => `${file}：不是文件`,
    tooLarge: (file: string, size: number, max: number) => `${file}：文件有 ${size} 字节；模式文件最多 ${max} 字节`,
    unreadable: (file: string, said: string) => `${file}：无法读取（${said}）`,
    notParsed: (file: string, format: string, said: string) => `${file}：不是有效的 ${format}（${said}）`,
    notObject: (file: string) => `${file}：必须包含一个带有模式字段（id、name、systemPrompt…）的对象`,
    badFields: (file: string, said: string) => `${file}：${said}`,
  },
});
