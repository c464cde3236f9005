import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { CORPUS_LISTED, CORPUS_NOT_SENT, CORPUS_SENT, CORPUS_TASK, RULES_CORPUS } from '../../../../testing/rulesCorpus';

// The rules files of every kind (issue 24) in a real agent session against the scripted model server: the first
// model request's system message holds exactly the rules that apply (the corpus's conditional rules for the
// mentioned src/api/orders.ts, the `#release-checklist` manual rule, Roo's rules for the session's mode; AGENTS.md
// once although CLAUDE.md holds the same text; the description-only rules listed), and a conditional rule joins
// the later calls once the session reads a matching file, while those already joined stay.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const system = (r: RecordedRequest) => String((r.body.messages as { role: string; content: string }[]).find((m) => m.role === 'system')?.content ?? '');
const count = (text: string, s: string) => text.split(s).length - 1;

describe('rules of every kind in an agent session', () => {
  it('the first request carries the rules that apply; a file read later brings its conditional rules', async () => {
    kit = await startAgentKit({ files: RULES_CORPUS, settings: { agent: { mode: 'autonomous', contextTokens: 40_000, policy: { autoApprove: { read: true, write: true } } } } });
    let third = '';
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Add paging', expectedResult: 'paged' }] }),
      reply.toolCall('read_file', { path: 'web/App.tsx' }),
      (req) => {
        third = system(req);
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'paged' });
      },
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    await kit.call('agent.start', { task: CORPUS_TASK });
    await kit.waitForEvent('session_completed');

    const first = system(kit.server.requests[0]);
    for (const m of CORPUS_SENT) expect(count(first, m), m).toBe(1);
    for (const m of CORPUS_NOT_SENT) expect(first, m).not.toContain(m);
    for (const line of CORPUS_LISTED) expect(first).toContain(line);
    expect(first).toContain('### .kiro/steering/release-checklist.md (asked for with #release-checklist)');
    expect(first).toContain('### .roo/rules-autonomous/01-autonomy.md (for the autonomous mode)');

    // After read_file web/App.tsx: the web rules join; those already joined stay; the others stay out.
    for (const m of ['RULE-KIRO-COMPONENTS', 'RULE-COPILOT-WEB', 'RULE-CURSOR-API', 'RULE-KIRO-RELEASE', 'RULE-KIRO-API']) expect(third, m).toContain(m);
    for (const m of ['RULE-CURSOR-STYLES', 'RULE-WINDSURF-TESTS', 'RULE-ROO-MODE-LEARN', 'RULE-KIRO-DEPLOY']) expect(third, m).not.toContain(m);

    // The session logs what it used, with the kinds and why (what the Context band shows).
    const loaded = kit.ofType('rules_loaded');
    const firstFiles = Object.fromEntries(loaded[0].files.map((f) => [f.path, f]));
    expect(firstFiles['.cursor/rules/api.mdc']).toMatchObject({ kind: 'cursor', applies: 'match', because: 'src/api/orders.ts' });
    expect(firstFiles['CLAUDE.md']).toMatchObject({ sameAs: 'AGENTS.md' });
    expect(firstFiles['.kiro/steering/broken.md']).toMatchObject({ problemWords: { key: 'context.ruleFrontMatterBroken' } });
    expect(loaded.at(-1)!.files.find((f) => f.path === '.kiro/steering/components.md')).toMatchObject({ applies: 'match', because: 'web/App.tsx' });
    const detail = await kit.call('agent.get', { sessionId: loaded[0].sessionId });
    expect(detail.context?.rules.map((r) => r.path)).toContain('.kiro/steering/components.md');
  });
});
