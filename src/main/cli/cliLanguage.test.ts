import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { execBuilt } from '../../testing/builtCli';
import { tempDir } from '../../testing/tempTree';
import { cliLanguage } from './cliLanguage';

// The CLI speaks the language of ui.language, else of the locale (LC_ALL, LC_MESSAGES, LANG): the real built command.

const kit = useAkiraRunKit();

async function dataDirWith(settings: Record<string, unknown> | null): Promise<string> {
  const base = await tempDir('akira-cli-lang-');
  kit.cleanups.push(base.cleanup);
  await mkdir(base.dir, { recursive: true });
  if (settings) await writeFile(join(base.dir, 'settings.json'), JSON.stringify(settings));
  return base.dir;
}

describe('the CLI language', () => {
  it('is ui.language when chosen, else the first locale variable set (LC_ALL=C means English)', async () => {
    const none = await dataDirWith(null);
    const zh = await dataDirWith({ ui: { language: 'zh-CN' } });
    const en = await dataDirWith({ ui: { language: 'en' } });
    expect(await cliLanguage({ AKIRA_DATA_DIR: none, LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(await cliLanguage({ AKIRA_DATA_DIR: none, LANG: 'zh_TW.UTF-8' })).toBe('zh-CN');
    expect(await cliLanguage({ AKIRA_DATA_DIR: none, LANG: 'zh_CN.UTF-8', LC_ALL: 'C' })).toBe('en');
    expect(await cliLanguage({ AKIRA_DATA_DIR: none, LANG: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(await cliLanguage({ AKIRA_DATA_DIR: none, LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(await cliLanguage({ AKIRA_DATA_DIR: zh, LANG: 'C.UTF-8' })).toBe('zh-CN');
    expect(await cliLanguage({ AKIRA_DATA_DIR: en, LANG: 'zh_CN.UTF-8' })).toBe('en');
    const broken = await dataDirWith(null);
    await writeFile(join(broken, 'settings.json'), '{ not json');
    expect(await cliLanguage({ AKIRA_DATA_DIR: broken, LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });

  it('prints the help and usage errors in Chinese for a Chinese locale, in English for ui.language en', async () => {
    const none = await dataDirWith(null);
    const help = await execBuilt('akira.cjs', ['--help'], { cwd: none, env: { AKIRA_DATA_DIR: none, LANG: 'zh_CN.UTF-8' } });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('用法：');
    expect(help.stdout).toContain('akira run --task');
    const runHelp = await execBuilt('akira.cjs', ['run', '--help'], { cwd: none, env: { AKIRA_DATA_DIR: none, LANG: 'zh_CN.UTF-8' } });
    expect(runHelp.stdout).toContain('退出状态');
    const bad = await execBuilt('akira.cjs', ['frobnicate'], { cwd: none, env: { AKIRA_DATA_DIR: none, LANG: 'zh_CN.UTF-8' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('akira: 未知命令：frobnicate\n运行 `akira --help` 查看用法。\n');
    const en = await dataDirWith({ ui: { language: 'en' } });
    const english = await execBuilt('akira.cjs', ['frobnicate'], { cwd: en, env: { AKIRA_DATA_DIR: en, LANG: 'zh_CN.UTF-8' } });
    expect(english.stderr).toBe('akira: Unknown command: frobnicate\nRun `akira --help` for usage.\n');
  }, 60_000);

  it("shows akira run's progress in Chinese", async () => {
    const ws = await kit.workspace({ 'a.txt': 'a\n' }, { agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'w', description: 'Write b.txt', expectedResult: 'b.txt exists' }] }),
      reply.toolCall('write_file', { path: 'b.txt', content: 'b\n' }),
      reply.toolCall('update_todo', { id: 'w', status: 'done', result: 'wrote b.txt' }),
      reply.toolCall('verify_todo', { todoId: 'w', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'done', confidence: 0.9 }),
    );
    const run = kit.akiraRun(ws, ['--task', 'Write b.txt', '--yes'], { LANG: 'zh_CN.UTF-8' });
    expect(await kit.finished(run)).toBe(0);
    const out = run.stdout();
    expect(out).toContain('计划（1 个 TODO）');
    expect(out).toMatch(/w 的审查: 通过 \(置信度 0\.90\)/);
    expect(out).toContain('✔ 任务完成。');
    expect(out).not.toContain('Task complete');
  }, 60_000);
});
