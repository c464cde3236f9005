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

  it('speaks Chinese in akira checkpoints and akira sessions: results, prompts and usage errors', async () => {
    const { root: ws, dataDir } = await kit.workspace({ 'a.txt': 'a\n' });
    const zh = { LANG: 'zh_CN.UTF-8' };
    const env = (extra: NodeJS.ProcessEnv) => ({ AKIRA_DATA_DIR: dataDir, ...extra });
    const created = await execBuilt('akira.cjs', ['checkpoints', 'create', '-m', '第一个', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^已创建检查点 [0-9a-z]+「第一个」\n  1 个文件已更改，\+1 -0\n$/);
    const show = await execBuilt('akira.cjs', ['checkpoints', 'show', 'latest', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(show.stdout).toContain('标签：   第一个');
    expect(show.stdout).toContain('来源：   手动');
    expect(show.stdout).toContain('（第一个检查点：包含每个文件）');
    const prune = await execBuilt('akira.cjs', ['checkpoints', 'prune', '--dry-run', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(prune.stdout).toMatch(/^无需清理：没有早于 \d+ 天的检查点（保留 1 个）。\n保留期：\d+ 天（默认值）。\n$/);
    const restore = await execBuilt('akira.cjs', ['checkpoints', 'restore', 'latest', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(restore.stdout).toMatch(/^无需恢复：工作区已与 [0-9a-z]+ 一致。\n$/);
    const badId = await execBuilt('akira.cjs', ['checkpoints', 'show', 'x!', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(badId.code).toBe(2);
    expect(badId.stderr).toBe('akira: "x!" 不是检查点编号：请用完整编号、至少 4 个字符的唯一前缀或 "latest"（见 `akira checkpoints --help`）\n');
    const sessions = await execBuilt('akira.cjs', ['sessions', 'list', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(sessions.stdout).toBe(`${ws} 中还没有会话。用 \`akira run --task "…"\` 开始一个。\n`);
    const unknown = await execBuilt('akira.cjs', ['sessions', 'frob'], { cwd: ws, env: env(zh) });
    expect(unknown.stderr).toBe('akira: 未知的 sessions 命令：frob（可用 list、show、merge、discard 或 prune）（见 `akira sessions --help`）\n');
    const badFlag = await execBuilt('akira.cjs', ['checkpoints', 'list', '--limit', 'many', '--workspace', ws], { cwd: ws, env: env(zh) });
    expect(badFlag.stderr).toContain('--limit 必须是整数，收到的是 "many"');
    const english = await execBuilt('akira.cjs', ['checkpoints', 'restore', 'latest', '--workspace', ws], { cwd: ws, env: env({}) });
    expect(english.stdout).toMatch(/^Nothing to restore: the workspace already matches [0-9a-z]+\.\n$/);
  }, 90_000);

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
