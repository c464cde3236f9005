import { defineText } from '../../shared/i18n';

/** What `akira` itself says around the commands (usage errors), in English and Chinese. */
export const cliStrings = defineText({
  en: {
    notAvailable: (command: string) => `akira ${command} is not available in this version yet.`,
    unknownOption: (option: string) => `Unknown option: ${option}`,
    unknownCommand: (command: string) => `Unknown command: ${command}`,
    seeHelp: 'Run `akira --help` for usage.',
  },
  'zh-CN': {
    notAvailable: (command: string) => `此版本还没有 akira ${command}。`,
    unknownOption: (option: string) => `未知选项：${option}`,
    unknownCommand: (command: string) => `未知命令：${command}`,
    seeHelp: '运行 `akira --help` 查看用法。',
  },
});
