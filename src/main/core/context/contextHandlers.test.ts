import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../testing/agentKit';

// The context.* commands through the router, as every face drives them.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

describe('context.* commands', () => {
  it('finds files fuzzily (folders on request), lists the rules, runs the checkers, and answers bad input clearly', async () => {
    kit = await startAgentKit({
      files: {
        'src/util.ts': '',
        'src/userService.ts': '',
        'docs/guide.md': '',
        'AGENTS.md': 'rules',
        'lint.js': "console.log('src/util.ts:1:1: warning: empty file');\n",
        '.akira/settings.json': JSON.stringify({ diagnostics: { checkers: [{ id: 'lint', command: 'node lint.js', format: 'gcc' }] } }),
        '.gitignore': 'dist/\n',
        'dist/util.js': '',
      },
    });
    const found = await kit.call('context.findFiles', { query: 'util' });
    expect(found.items[0]).toMatchObject({ path: 'src/util.ts', kind: 'file' });
    expect(found.items.map((i) => i.path)).not.toContain('dist/util.js');
    expect(found.items[0].positions.map((i) => 'src/util.ts'[i]).join('')).toBe('util');
    const folders = await kit.call('context.findFiles', { query: 'docs', folders: true });
    expect(folders.items[0]).toMatchObject({ path: 'docs', kind: 'folder' });
    expect((await kit.fail('context.findFiles', { query: 'x'.repeat(501) })).code).toBe('bad_request');
    expect((await kit.fail('context.findFiles', { query: 'a', limit: 0 })).code).toBe('bad_request');

    expect((await kit.call('context.rules', {})).files.map((f) => f.path)).toEqual(['AGENTS.md']);

    // The workspace's own checker runs once approved (issue 26; checkerApproval.security.test.ts has the rest).
    const [lint] = (await kit.call('context.checkers', {})).checkers;
    expect(lint).toMatchObject({ id: 'lint', origin: 'workspace', needsApproval: true, approved: false });
    await kit.call('context.approveChecker', { id: 'lint', fingerprint: lint.fingerprint });
    const report = await kit.call('context.diagnostics', {});
    expect(report.checkers).toMatchObject([{ id: 'lint', status: 'ok', count: 1 }]);
    expect(report.diagnostics).toMatchObject([{ file: 'src/util.ts', line: 1, column: 1, severity: 'warning', message: 'empty file', source: 'lint' }]);
    expect((await kit.call('context.diagnostics', { paths: ['docs/guide.md'] })).diagnostics).toEqual([]);
    expect((await kit.fail('context.diagnostics', { paths: ['../outside.ts'] })).code).toMatch(/forbidden|bad_request/);

    // A file added later is found once the index hears of it (the watcher's changes; here by hand).
    await writeFile(join(kit.root, 'src/widget.ts'), '');
    kit.core.bus.emit('workspace.onChanged', { changes: [{ path: 'src/widget.ts', kind: 'add' }] });
    expect((await kit.call('context.findFiles', { query: 'widg' })).items[0]?.path).toBe('src/widget.ts');
  });
});
