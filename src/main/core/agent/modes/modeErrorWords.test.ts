import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../../testing/tempTree';
import { errorText, reasonIn } from '../../../../shared/errors';
import { resolveWorkspaceMode } from '../orchestrator/modeResolver';
import { loadModes } from './loadModes';

// Issue 14: a broken mode file's error carries words (`mode.*`) beside its English message, so the start form says
// it in the UI's language; the message stays the English it always was.
let ws: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  ws = await tempDir('akira-mode-words-');
});
afterEach(async () => {
  await ws.cleanup();
});

const json = (v: unknown) => JSON.stringify(v, null, 2);

describe('mode file errors in words', () => {
  it('gives every error words whose English is its message, and says them in Chinese', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/good.json': json({ systemPrompt: 'ok' }),
      '.akira/modes/bad-json.json': '{"systemPrompt": "x",}',
      '.akira/modes/bad-limit.json': json({ systemPrompt: 'x', policy: { limits: { maxRetriesPerTodo: 50 } } }),
      '.akira/modes/two-fields.json': json({ systemPrompt: 'x', tools: ['browse'], prompt: 'y' }),
      '.akira/modes/no-prompt.json': json({ name: 'Nothing' }),
      '.akira/modes/bad-extends.json': json({ extends: 'nope' }),
      '.akira/modes/array.json': '[1, 2]',
      '.akira/modes/Bad Name.json': json({ systemPrompt: 'x' }),
      '.akira/modes/zz-dupe.json': json({ id: 'good', systemPrompt: 'x' }),
      '.akira/modes/a.json': json({ extends: 'b' }),
      '.akira/modes/b.json': json({ extends: 'a' }),
      '.akira/modes/c.json': json({ extends: 'bad-json' }),
      '.akira/modes/self.json': json({ extends: 'self' }),
      '.akira/modes/dir.json/x': '',
      '.akira/modes/y.yaml': 'systemPrompt: x',
    });
    const r = await loadModes(ws.dir, {});
    expect(r.errors).toHaveLength(14);
    for (const e of r.errors) {
      expect(e.words, e.file).toBeDefined();
      expect(errorText(e, 'en'), e.file).toBe(e.message);
    }
    const zh = Object.fromEntries(r.errors.map((e) => [e.file, errorText(e, 'zh-CN')]));
    expect(zh['.akira/modes/bad-json.json']).toMatch(/^\.akira\/modes\/bad-json\.json：不是有效的 JSON（.+）$/);
    expect(zh['.akira/modes/bad-limit.json']).toBe('.akira/modes/bad-limit.json：有 1 个无效字段：policy.limits.maxRetriesPerTodo');
    expect(zh['.akira/modes/two-fields.json']).toBe('.akira/modes/two-fields.json：有 2 个无效字段：tools.0, prompt');
    expect(zh['.akira/modes/no-prompt.json']).toContain('缺少 systemPrompt');
    expect(zh['.akira/modes/bad-extends.json']).toBe('.akira/modes/bad-extends.json：extends：没有模式 "nope"（可用模式：code-dev, bug-fix, learn, optimize, autonomous, a, b, c, good, self）');
    expect(zh['.akira/modes/array.json']).toContain('必须是一个包含模式字段');
    expect(zh['.akira/modes/Bad Name.json']).toContain('由文件名得到的 ID "bad name" 无效');
    expect(zh['.akira/modes/zz-dupe.json']).toBe('.akira/modes/zz-dupe.json：id："good" 已由 .akira/modes/good.json 定义');
    expect(zh['.akira/modes/b.json']).toBe('.akira/modes/b.json：extends："a" 又回到了 "b"（a → b → a）');
    expect(zh['.akira/modes/c.json']).toBe('.akira/modes/c.json：extends：模式 "bad-json" 无效（见 .akira/modes/bad-json.json 的错误）');
    expect(zh['.akira/modes/self.json']).toContain('模式不能扩展自身');
    expect(zh['.akira/modes/dir.json']).toBe('.akira/modes/dir.json：不是文件');
    expect(zh['.akira/modes/y.yaml']).toContain('YAML 模式文件需要 "yaml" 包');
  });

  it('an error without words (an older core) still shows its English', () => {
    const old = { file: '.akira/modes/x.json', message: '.akira/modes/x.json: not a file' };
    expect(reasonIn(old.message, undefined, 'zh-CN')).toBe('.akira/modes/x.json: not a file');
    expect(reasonIn(old.message, { key: 'mode.fromTheFuture', values: [] }, 'zh-CN')).toBe('.akira/modes/x.json: not a file');
  });

  it('akira run --mode with an unknown mode names the broken files in Chinese, the English lists their errors as before', async () => {
    await writeTree(ws.dir, { '.akira/modes/bad.json': '[1]' });
    const err = (await resolveWorkspaceMode(ws.dir, 'nope').then(
      () => null,
      (e: unknown) => e,
    )) as Error & { words?: unknown };
    expect(err.message).toBe(
      'There is no mode "nope". Modes: code-dev, bug-fix, learn, optimize, autonomous. Mode files with errors: .akira/modes/bad.json: must hold one object with the mode’s fields (id, name, systemPrompt, …)',
    );
    expect(errorText({ message: err.message, words: err.words }, 'en')).toBe(err.message);
    expect(errorText({ message: err.message, words: err.words }, 'zh-CN')).toBe(
      '没有模式“nope”。可用模式：code-dev, bug-fix, learn, optimize, autonomous。有 1 个模式文件有错误：.akira/modes/bad.json',
    );
  });
});
