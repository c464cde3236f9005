import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isSecretName, WELL_KNOWN_SECRETS } from '../core/terminal/commandEnv';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

/**
 * Issue 26, item 5: the built `akira` keeps the environment's secrets out of the environment its process starts with
 * (bin/secretEnv.cjs), so a command reading /proc/<Akira's pid>/environ finds no key, while Akira still uses it.
 */

const secretEnv = createRequire(__filename)('../../../bin/secretEnv.cjs') as { isSecretName(name: string): boolean; WELL_KNOWN: Set<string> };
const kit = useAkiraRunKit();
const KEY = 'sk-handover-secret-0123456789';
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);

/**
 * Each ancestor of the command, nearest first: `pid <pid> parent <ppid> akira <1 when its command line runs
 * bin/akira.cjs> holds <1 when KEY is in its initial environment>`.
 */
const WALK = [
  'p=$$',
  'while [ "$p" -gt 1 ]; do',
  '  n=$(tr "\\0" "\\n" < /proc/$p/environ 2>/dev/null | grep -c sk-handover-secret)',
  '  a=$(tr "\\0" " " < /proc/$p/cmdline 2>/dev/null | grep -c "bin/akira[.]cjs")',
  '  pp=$(cut -d" " -f4 /proc/$p/stat)',
  '  echo "pid $p parent $pp akira $a holds $n"',
  '  p=$pp',
  'done',
].join('\n');

describe.runIf(process.platform === 'linux')('secrets are not in the environment Akira starts with (built CLI)', () => {
  it('a command finds no key in /proc/<Akira>/environ, and the model calls still carry it', async () => {
    const ws = await kit.workspace({ 'README.md': '# r\n' }, { agent: { mode: 'autonomous' } });
    let walked = '';
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'p', description: 'Look at the parents', expectedResult: 'listed' }] }),
      reply.toolCall('run_command', { command: WALK }),
      (req) => {
        walked = sent(req);
        return reply.toolCall('update_todo', { id: 'p', status: 'done', result: 'listed' });
      },
      reply.toolCall('verify_todo', { todoId: 'p', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    // Without the OS sandbox: in it a command sees no process of the host at all (sandbox.security.test.ts); this is
    // what protects the key where there is no sandbox.
    const run = kit.akiraRun(ws, ['--task', 'List the parents', '--yes', '--json', '--no-sandbox'], { OPENAI_API_KEY: KEY, GITHUB_TOKEN: 'ghp_handover_0123456789' });
    const launcher = run.child.pid;
    expect(await kit.finished(run)).toBe(0);

    const lines = [...walked.matchAll(/pid (\d+) parent (\d+) akira (\d+) holds (\d+)/g)].map((m) => ({ pid: Number(m[1]), parent: Number(m[2]), akira: m[3] === '1', holds: Number(m[4]) }));
    // Akira: the nearest process running bin/akira.cjs (the launcher runs it too, one further up).
    const akira = lines.find((l) => l.akira);
    expect(akira, walked).toBeDefined();
    // Akira's own process and everything it started: no key.
    for (const l of lines.slice(0, lines.indexOf(akira!) + 1)) expect(l.holds, `pid ${l.pid}`).toBe(0);
    expect(akira!.parent).toBe(launcher);
    // The launcher, the grandparent of the command's shell, still has it (README: the limit the sandbox closes).
    expect(lines.find((l) => l.pid === launcher)?.holds).toBe(1);
    // Akira had the key all the same: no saved key, no settings key, and every model call was authorised.
    expect(kit.server.chatRequests().length).toBeGreaterThan(0);
    expect(kit.server.chatRequests().every((r) => r.hasAuthorization)).toBe(true);
  });
});

describe('the launcher names secrets as commands do', () => {
  it('agrees with commandEnv.isSecretName (but leaves AKIRA_* settings in place)', () => {
    const names = [...secretEnv.WELL_KNOWN, ...WELL_KNOWN_SECRETS, 'MY_API_KEY', 'x_token', 'DB_PASSWORD', 'SSH_AUTH_SOCK', 'PATH', 'HOME', 'TOKENIZER', 'LANG', 'AWS_REGION', 'SECRET', 'npm_config_cache'];
    for (const name of names) expect(secretEnv.isSecretName(name), name).toBe(isSecretName(name));
    expect(isSecretName('AKIRA_DATA_DIR')).toBe(true);
    expect(secretEnv.isSecretName('AKIRA_DATA_DIR')).toBe(false);
  });
});
