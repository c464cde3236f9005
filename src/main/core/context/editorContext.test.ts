import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../testing/agentKit';
import { reply, type RecordedRequest } from '../../../testing/openaiTestServer';
import { waitFor } from '../../../testing/waitFor';

// Issue 25 through a real session against the scripted OpenAI-compatible server: the editor's context the app
// sends with agent.start (the active file, the selected lines with the editor's text, the open tabs' names) reaches
// the first model request as the task's attachments do; what was not sent is not there; a selection from unsaved
// edits or of a file gone from disk says so; the session's context lists them.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

type Msg = { role: string; content: string | { type: string; text?: string }[] };
const userText = (r: RecordedRequest) =>
  (r.body.messages as Msg[])
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('')))
    .join('\n');
const plan = reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'look', expectedResult: 'looked' }] });
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };

describe("the editor's context in a session", () => {
  it('sends the active file, the selected lines with their range and the open tabs in the first call', async () => {
    kit = await startAgentKit({
      settings,
      files: { 'src/a.ts': 'export const A = 1;\nexport const B = 2;\nexport const C = 3;\n', 'src/b.ts': 'export const OTHER_FILE = true;\n' },
    });
    kit.server.enqueue(plan, reply.text('stop here'));
    const { sessionId } = await kit.call('agent.start', {
      task: 'Explain this',
      editorContext: {
        activeFile: 'src/a.ts',
        // The editor's text, not the disk's: an unsaved edit of line 2.
        selection: { path: 'src/a.ts', startLine: 2, endLine: 3, text: 'export const B = 22; // EDITED\nexport const C = 3;', unsaved: true },
        openTabs: ['src/a.ts', 'src/c.md'],
      },
    });
    await kit.waitForEvent('context_attached');
    const detail = await kit.call('agent.get', { sessionId });
    expect(detail.context?.attachments.map((a) => [a.kind, a.ref])).toEqual([
      ['file', 'src/a.ts'],
      ['selection', 'src/a.ts:2-3'],
      ['tabs', 'open-tabs'],
    ]);
    await waitForRequest(kit);
    const first = userText(kit.server.requests[0]);
    expect(first).toContain('## @src/a.ts: src/a.ts (3 lines)');
    expect(first).toContain('Selected in the editor: src/a.ts, lines 2–3 (from unsaved edits in the editor: the file on disk differs):');
    expect(first).toContain('    2| export const B = 22; // EDITED');
    expect(first).toContain("Files open in the editor's tabs (names only; read_file reads one):\n- src/a.ts\n- src/c.md");
    // src/b.ts was not sent (a chip the person removed): it is nowhere.
    expect(first).not.toContain('OTHER_FILE');
    expect(first).not.toContain('src/b.ts');
  });

  it('says when the active file and the selected file are gone from disk, and attaches nothing twice', async () => {
    kit = await startAgentKit({ settings, files: { 'src/kept.ts': 'export const KEPT = 1;\n' } });
    kit.server.enqueue(plan, reply.text('stop here'));
    await kit.call('agent.start', {
      task: 'Look at @src/kept.ts',
      editorContext: { activeFile: 'src/kept.ts', selection: { path: 'src/gone.ts', startLine: 7, endLine: 7, text: 'const stillInTheEditor = 1;' } },
    });
    await waitForRequest(kit);
    const first = userText(kit.server.requests[0]);
    expect(first.split('## @src/kept.ts:').length).toBe(2);
    expect(first).toContain('Selected in the editor: src/gone.ts, line 7 (the file is no longer on disk: this is the text the editor still holds):\n    7| const stillInTheEditor = 1;');
  });

  it('attaches an active file that no longer exists as an error the model is told', async () => {
    kit = await startAgentKit({ settings, files: { 'README.md': 'hi\n' } });
    kit.server.enqueue(plan, reply.text('stop here'));
    await kit.call('agent.start', { task: 'Go on', editorContext: { activeFile: 'src/deleted.ts' } });
    await waitForRequest(kit);
    expect(userText(kit.server.requests[0])).toContain('@src/deleted.ts: NOT ATTACHED: No such file: src/deleted.ts');
  });
});

const waitForRequest = (k: AgentKit) => waitFor(() => k.server.requests.length > 0 || null, 'the first model request');
