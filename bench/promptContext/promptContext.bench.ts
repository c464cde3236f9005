// Prompt-context measurement (issue 11). Run: npm run bench:promptContext
// On a real-size repository (a clone of this one), the first model call of a session (the plan call) with
// nothing extra, with a rules file (AGENTS.md = this repository's docs/architecture.md, a real 10+ KB rules
// text), and with the rules plus @-mentions (two files, a folder and @diff). Printed per case: the estimated
// prompt tokens of the call (the orchestrator's own estimate: characters / 4, images none), its size against
// the case without context, and the budget it was built in (agent.contextTokens, default 16000).
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { createCore } from '../../src/main/core/createCore';
import { startOpenAiTestServer, reply, type RecordedRequest } from '../../src/testing/openaiTestServer';

const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const tokensOf = (r: RecordedRequest) => Math.ceil(JSON.stringify(r.body.messages).length / 4);

it('first-call prompt tokens with and without rules and mentions, on a clone of this repository', async () => {
  const repo = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const base = mkdtempSync(join(tmpdir(), 'akira-bench-context-'));
  const server = await startOpenAiTestServer();
  try {
    const ws = join(base, 'ws');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repo, ws], { env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))) });
    const files = execFileSync('git', ['ls-files'], { cwd: ws, encoding: 'utf8' }).trim().split('\n').length;
    log(`workspace: a clone of this repository (${files} tracked files)`);
    const cases: { name: string; task: string; rules: boolean }[] = [
      { name: 'no rules, no mentions', task: 'Add a --verbose flag to akira run that prints every tool call.', rules: false },
      { name: 'rules (AGENTS.md)', task: 'Add a --verbose flag to akira run that prints every tool call.', rules: true },
      {
        name: 'rules + @ mentions',
        task: 'Add a --verbose flag to akira run that prints every tool call. See @src/main/cli/runTaskCommand.ts, @src/main/cli/help.ts, @src/main/cli/ and @diff.',
        rules: true,
      },
    ];
    const results: { name: string; tokens: number; rulesTokens: number; attached: number }[] = [];
    for (const c of cases) {
      if (c.rules) copyFileSync(join(ws, 'docs/architecture.md'), join(ws, 'AGENTS.md'));
      appendFileSync(join(ws, 'README.md'), '\n<!-- a change, for @diff -->\n');
      const data = mkdtempSync(join(tmpdir(), 'akira-bench-context-data-'));
      const core = await createCore({
        workspaceRoot: ws,
        dataDir: data,
        face: 'test',
        version: 'bench',
        watch: false,
        agent: { env: { OPENAI_BASE_URL: server.baseURL, AKIRA_MODEL: 'bench-model' } },
      });
      try {
        let seen: RecordedRequest | null = null;
        server.enqueue((req) => {
          seen = req;
          return reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'x', expectedResult: 'y' }] });
        });
        const started = await core.router.handle('agent.start', { task: c.task }, { face: 'test' });
        if ('error' in started) throw new Error(started.error.message);
        const sessionId = (started.result as { sessionId: string }).sessionId;
        for (let i = 0; i < 600 && !seen; i++) await new Promise((r) => setTimeout(r, 50));
        await core.router.handle('agent.stop', { sessionId }, { face: 'test' });
        const detail = (await core.router.handle('agent.get', { sessionId }, { face: 'test' })) as { result: { context?: { rules: { tokens: number }[]; attachments: { tokens: number }[] } } };
        const ctx = detail.result.context;
        results.push({ name: c.name, tokens: tokensOf(seen!), rulesTokens: ctx?.rules.reduce((n, r) => n + r.tokens, 0) ?? 0, attached: ctx?.attachments.reduce((n, a) => n + a.tokens, 0) ?? 0 });
      } finally {
        await core.dispose();
        rmSync(data, { recursive: true, force: true });
      }
    }
    const baseline = results[0].tokens;
    for (const r of results) {
      log(`${r.name.padEnd(24)} first call ≈ ${String(r.tokens).padStart(6)} tokens (${(r.tokens / baseline).toFixed(2)}× the call without context; rules ${r.rulesTokens}, attachments before fitting ${r.attached}; budget 16000)`);
    }
  } finally {
    await server.close();
    rmSync(base, { recursive: true, force: true });
  }
});
