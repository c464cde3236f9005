import { defineText, type Messages } from '../i18n/defineText';
import type { ErrorWords, WordValue } from './errorWords';

/**
 * The decision engine's own words (issue 14), keys `assess.<name>`: the quick checks of a spec task
 * (core/specs/taskChecks.ts, one line each: `task_assessed.checkWords`) and the reasoning Akira writes when the checks
 * settle a task or no model judged it (core/agent/orchestrator/specAssess.ts: `task_assessed.reasoningWords`). A
 * model's reasoning has no words: it is shown as the model wrote it.
 *
 * `why` is what stopped a check, in English: Akira's own short reasons are said in Chinese below (`WHY_ZH`), anything
 * else (a file-system error, the policy's reason) is shown as it was written. A reasoning quotes check lines as
 * `checkValues`: for each line its key, how many values, then the values.
 */
const WHY_ZH: Record<string, string> = {
  cancelled: '已取消',
  'timed out': '超时',
  'leads outside the workspace': '指向工作区之外',
  'stopped without an exit code': '没有退出码就停止了',
  'no command runner': '这里不能运行命令',
  'commands cannot run here': '这里不能运行命令',
  'skipped: the checks above already show the task is not done': '已跳过：上面的检查已表明任务尚未完成',
};
function whyZh(why: string): string {
  if (Object.hasOwn(WHY_ZH, why)) return WHY_ZH[why];
  const byName = /^the search by name (.+)$/.exec(why);
  if (byName) return `按名称搜索${whyZh(byName[1])}`;
  const stopped = /^stopped after (\d+) files$/.exec(why);
  if (stopped) return `查看 ${stopped[1]} 个文件后停止`;
  const policy = /^the policy would (deny it|ask first): (.*)$/s.exec(why);
  if (policy) return `${policy[1] === 'deny it' ? '策略会拒绝它' : '策略会先询问'}：${policy[2]}`;
  return why;
}

/** Check lines as values of a reasoning (see the module doc). */
export function checkValues(lines: readonly ErrorWords[]): WordValue[] {
  return lines.flatMap((l) => [l.key, l.values.length, ...l.values]);
}

/**
 * The check lines a reasoning quotes, said in `language`. Throws for a key that is not a check line of this build or
 * values that do not fit, so `wordsText` answers null and the English reasoning is shown.
 */
function quotedChecks(language: 'en' | 'zh-CN', values: WordValue[]): string[] {
  const messages = assessReasonStrings[language] as Messages;
  const lines: string[] = [];
  for (let i = 0; i < values.length; ) {
    const [key, count] = [values[i], values[i + 1]];
    const name = typeof key === 'string' && key.startsWith('assess.check') ? key.slice('assess.'.length) : '';
    if (!name || !Object.hasOwn(messages, name) || typeof count !== 'number' || count < 0 || i + 2 + count > values.length) {
      throw new Error(`not a check line at ${i}`);
    }
    const message = messages[name];
    const own = values.slice(i + 2, i + 2 + count);
    if (typeof message !== 'string' && own.length < message.length) throw new Error(`too few values for ${key}`);
    lines.push(typeof message === 'string' ? message : (message as (...v: WordValue[]) => string)(...own));
    i += 2 + count;
  }
  return lines;
}

export const assessReasonStrings = defineText({
  en: {
    checkFileNotChecked: (path: string, why: string) => `file ${path}: not checked (${why})`,
    checkFileFoundAt: (path: string, at: string) => `file ${path}: not at the workspace root; found at ${at}`,
    checkFileExists: (path: string) => `file ${path}: exists`,
    checkFileMissing: (path: string, why: string) => `file ${path}: missing${why ? ` (${why})` : ''}`,
    checkSymbolNotChecked: (name: string, why: string) => `symbol ${name}: not checked (${why})`,
    checkSymbolNowhere: (name: string) => `symbol ${name}: found nowhere`,
    /** `first`: 1 when only the first files are listed. */
    checkSymbolFound: (name: string, files: string, first: number) => `symbol ${name}: found in ${files}${first ? ' (first files)' : ''}`,
    checkCommandNotRun: (command: string, why: string) => `command \`${command}\`: not run (${why})`,
    checkCommandNotCounted: (command: string, why: string) => `command \`${command}\`: ${why} (not counted)`,
    checkCommandExit: (command: string, code: string, passed: number) => `command \`${command}\`: exit ${code} (${passed ? 'passed' : 'failed'})`,

    notDone: (...lines: WordValue[]) => `The quick checks show it is not done: ${quotedChecks('en', lines).join('; ')}.`,
    checksOnly: (...lines: WordValue[]) => `Quick checks only (agent.spec.assess "heuristic"): ${quotedChecks('en', lines).join('; ')}.`,
    nothingNamed: 'The task names no file, symbol or command to check, so the quick checks cannot tell; it runs.',
    noJudgement: (asks: number) => `The model gave no usable judgement of the task in ${asks} asks; the task runs.`,
  },
  'zh-CN': {
    checkFileNotChecked: (path: string, why: string) => `文件 ${path}：未检查（${whyZh(why)}）`,
    checkFileFoundAt: (path: string, at: string) => `文件 ${path}：不在工作区根目录；在 ${at} 找到`,
    checkFileExists: (path: string) => `文件 ${path}：存在`,
    checkFileMissing: (path: string, why: string) => `文件 ${path}：缺失${why ? `（${whyZh(why)}）` : ''}`,
    checkSymbolNotChecked: (name: string, why: string) => `符号 ${name}：未检查（${whyZh(why)}）`,
    checkSymbolNowhere: (name: string) => `符号 ${name}：哪里都没有找到`,
    checkSymbolFound: (name: string, files: string, first: number) => `符号 ${name}：在 ${files} 中找到${first ? '（仅列出前几个文件）' : ''}`,
    checkCommandNotRun: (command: string, why: string) => `命令 \`${command}\`：未运行（${whyZh(why)}）`,
    checkCommandNotCounted: (command: string, why: string) => `命令 \`${command}\`：${whyZh(why)}（不计入）`,
    checkCommandExit: (command: string, code: string, passed: number) => `命令 \`${command}\`：退出码 ${code}（${passed ? '通过' : '失败'}）`,

    notDone: (...lines: WordValue[]) => `快速检查表明它尚未完成：${quotedChecks('zh-CN', lines).join('；')}。`,
    checksOnly: (...lines: WordValue[]) => `仅快速检查（agent.spec.assess "heuristic"）：${quotedChecks('zh-CN', lines).join('；')}。`,
    nothingNamed: '任务没有提到要检查的文件、符号或命令，快速检查无法判断；它会运行。',
    noJudgement: (asks: number) => `模型在 ${asks} 次询问中都没有给出可用的任务判断；任务会运行。`,
  },
});
