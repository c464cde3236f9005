import { describe, expect, it } from 'vitest';
import { assessReasons, checkValues, reasonIn, wordsText } from './index';

// The reasoning Akira writes about a spec task quotes its check lines by their words (issue 14).
describe('the assess words', () => {
  it('say a reasoning and the lines it quotes in each language, the English as the core wrote it', () => {
    const lines = [assessReasons.checkFileMissing('src/bye.js', ''), assessReasons.checkCommandNotRun('npm test', 'the policy would ask first: commands need approval')];
    const words = assessReasons.notDone(...checkValues(lines));
    expect(words.en).toBe('The quick checks show it is not done: file src/bye.js: missing; command `npm test`: not run (the policy would ask first: commands need approval).');
    expect(wordsText(words, 'en')).toBe(words.en);
    expect(wordsText(words, 'zh-CN')).toBe('快速检查表明它尚未完成：文件 src/bye.js：缺失；命令 `npm test`：未运行（策略会先询问：commands need approval）。');
    expect(wordsText(assessReasons.checkSymbolNotChecked('bye', 'the search by name timed out'), 'zh-CN')).toBe('符号 bye：未检查（按名称搜索超时）');
  });

  it('fall back to the English for quoted lines this build does not know or values that do not fit', () => {
    const en = 'The quick checks show it is not done: something new.';
    expect(reasonIn(en, { key: 'assess.notDone', values: ['assess.checkSomethingNew', 0] }, 'zh-CN')).toBe(en);
    expect(reasonIn(en, { key: 'assess.notDone', values: ['assess.notDone', 0] }, 'zh-CN')).toBe(en);
    expect(reasonIn(en, { key: 'assess.notDone', values: ['assess.checkFileExists', 3, 'a'] }, 'zh-CN')).toBe(en);
    expect(reasonIn(en, { key: 'assess.notDone', values: ['assess.checkFileExists', 0] }, 'zh-CN')).toBe(en);
  });
});
