import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir, writeTree } from '../../../../testing/tempTree';
import { resolvePolicy } from '../policy/policySchema';
import { builtinModes, DEFAULT_MODE_ID } from './builtinModes';
import { findMode, loadModes } from './loadModes';

let ws: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  ws = await tempDir('akira-modes-');
});
afterEach(async () => {
  await ws.cleanup();
});

const json = (v: unknown) => JSON.stringify(v, null, 2);

describe('builtinModes', () => {
  it('has the five modes with prompts that teach the protocol', () => {
    const modes = builtinModes();
    expect(modes.map((m) => m.id)).toEqual(['code-dev', 'bug-fix', 'learn', 'optimize', 'autonomous']);
    expect(modes.some((m) => m.id === DEFAULT_MODE_ID)).toBe(true);
    for (const m of modes) {
      expect(m.systemPrompt).toContain('todo_write');
      expect(m.systemPrompt).toContain('update_todo');
      expect(m.systemPrompt).toContain('"in_progress"');
      expect(m.systemPrompt).toContain('complete');
      expect(m.tools).toEqual(expect.arrayContaining(['todo_write', 'update_todo', 'complete', 'read_file']));
      expect(() => resolvePolicy(m.policy)).not.toThrow();
    }
    const byId = Object.fromEntries(modes.map((m) => [m.id, m]));
    expect(byId['bug-fix'].systemPrompt).toMatch(/Reproduce first/);
    expect(byId['optimize'].systemPrompt).toMatch(/Measure before changing anything/);
    expect(byId['learn'].systemPrompt).toMatch(/Do not modify files unless the task explicitly asks/);
    expect(resolvePolicy(byId['learn'].policy).requirePlanApproval).toBe(true);
    expect(resolvePolicy(byId['learn'].policy).autoApprove.write).toBe(false);
    expect(resolvePolicy(byId['autonomous'].policy).autoApprove.write).toBe(true);
  });

  it('hands out fresh objects', () => {
    const a = builtinModes();
    a[0].tools.pop();
    expect(builtinModes()[0].tools).toContain('complete');
  });
});

describe('loadModes', () => {
  it('gives the built-ins when the workspace has no modes folder', async () => {
    const r = await loadModes(ws.dir);
    expect(r.errors).toEqual([]);
    expect(r.modes.map((m) => m.id)).toEqual(['code-dev', 'bug-fix', 'learn', 'optimize', 'autonomous']);
  });

  it('loads a custom mode, with its id from the file name and the control tools added', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/docs-writer.json': json({
        name: 'Docs writer',
        description: 'Writes docs',
        systemPrompt: 'You write documentation.',
        tools: ['read_file', 'write_file'],
        policy: { autoApprove: { write: true }, limits: { maxToolLoopsPerTodo: 10 } },
      }),
    });
    const r = await loadModes(ws.dir);
    expect(r.errors).toEqual([]);
    const m = findMode(r.modes, 'docs-writer');
    expect(m).toMatchObject({ id: 'docs-writer', name: 'Docs writer', builtIn: false, source: '.akira/modes/docs-writer.json', extends: null });
    expect(m.tools).toEqual(['read_file', 'write_file', 'todo_write', 'update_todo', 'complete']);
    expect(resolvePolicy(m.policy).limits.maxToolLoopsPerTodo).toBe(10);
  });

  it('extends a built-in: prompt, tools and policy inherited, instructions appended, policy merged', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/strict.json': json({
        id: 'strict-learn',
        extends: 'learn',
        instructions: 'Answer in French.',
        policy: { commands: { allow: ['npm test'] }, limits: { maxRetriesPerTodo: 1 } },
      }),
    });
    const r = await loadModes(ws.dir);
    expect(r.errors).toEqual([]);
    const learn = findMode(r.modes, 'learn');
    const m = findMode(r.modes, 'strict-learn');
    expect(m.extends).toBe('learn');
    expect(m.name).toBe('Learn (strict-learn)');
    expect(m.systemPrompt.startsWith(learn.systemPrompt)).toBe(true);
    expect(m.systemPrompt).toContain('## Project instructions\nAnswer in French.');
    const policy = resolvePolicy(m.policy);
    expect(policy.requirePlanApproval).toBe(true);
    expect(policy.commands.allow).toContain('npm test');
    expect(policy.limits.maxRetriesPerTodo).toBe(1);
  });

  it('extends another custom mode, and a built-in id replaces the built-in', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/a-child.json': json({ extends: 'base-team', name: 'Child' }),
      '.akira/modes/base-team.json': json({ extends: 'code-dev', instructions: 'Use pnpm.' }),
      '.akira/modes/code-dev.json': json({ policy: { autoApprove: { command: true } } }),
    });
    const r = await loadModes(ws.dir);
    expect(r.errors).toEqual([]);
    const codeDev = findMode(r.modes, 'code-dev');
    expect(codeDev).toMatchObject({ builtIn: false, extends: 'code-dev', name: 'Code' });
    expect(r.modes.map((m) => m.id)).toEqual(['code-dev', 'bug-fix', 'learn', 'optimize', 'autonomous', 'a-child', 'base-team']);
    const child = findMode(r.modes, 'a-child');
    expect(child.systemPrompt).toContain('Use pnpm.');
    // base-team extends the project's code-dev, which auto-approves commands
    expect(resolvePolicy(child.policy).autoApprove.command).toBe(true);
  });

  it('reports each broken file with the file and the field, and still loads the others', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/good.json': json({ systemPrompt: 'ok' }),
      '.akira/modes/bad-json.json': '{"systemPrompt": "x",}',
      '.akira/modes/bad-limit.json': json({ systemPrompt: 'x', policy: { limits: { maxRetriesPerTodo: 50 } } }),
      '.akira/modes/bad-tool.json': json({ systemPrompt: 'x', tools: ['read_file', 'browse'] }),
      '.akira/modes/no-prompt.json': json({ name: 'Nothing' }),
      '.akira/modes/unknown-field.json': json({ systemPrompt: 'x', prompt: 'y' }),
      '.akira/modes/bad-extends.json': json({ extends: 'nope' }),
      '.akira/modes/array.json': '[1, 2]',
      '.akira/modes/Bad Name.json': json({ systemPrompt: 'x' }),
      '.akira/modes/zz-dupe.json': json({ id: 'good', systemPrompt: 'x' }),
      '.akira/modes/notes.txt': 'ignored',
    });
    const r = await loadModes(ws.dir);
    expect(r.modes.map((m) => m.id)).toContain('good');
    const byFile = Object.fromEntries(r.errors.map((e) => [e.file, e.message]));
    expect(Object.keys(byFile).sort()).toEqual(
      ['array', 'bad-extends', 'bad-json', 'bad-limit', 'bad-tool', 'Bad Name', 'zz-dupe', 'no-prompt', 'unknown-field'].map((n) => `.akira/modes/${n}.json`).sort(),
    );
    expect(byFile['.akira/modes/bad-json.json']).toMatch(/^\.akira\/modes\/bad-json\.json: is not valid JSON \(/);
    expect(byFile['.akira/modes/bad-limit.json']).toBe(
      '.akira/modes/bad-limit.json: policy.limits.maxRetriesPerTodo must be a whole number from 0 to 10 (got 50)',
    );
    expect(byFile['.akira/modes/bad-tool.json']).toContain('tools.1: "browse" is not a tool');
    expect(byFile['.akira/modes/no-prompt.json']).toContain('systemPrompt is missing');
    expect(byFile['.akira/modes/unknown-field.json']).toContain('prompt: not a mode field');
    expect(byFile['.akira/modes/bad-extends.json']).toContain('extends: there is no mode "nope" (modes: code-dev, bug-fix');
    expect(byFile['.akira/modes/array.json']).toContain('must hold one object');
    expect(byFile['.akira/modes/Bad Name.json']).toContain('add "id"');
    expect(byFile['.akira/modes/zz-dupe.json']).toContain('id: "good" is already defined by .akira/modes/good.json');
  });

  it('reports cycles and modes that extend a broken one', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/a.json': json({ extends: 'b' }),
      '.akira/modes/b.json': json({ extends: 'a' }),
      '.akira/modes/c.json': json({ extends: 'broken' }),
      '.akira/modes/broken.json': json({ systemPrompt: 5 }),
      '.akira/modes/self.json': json({ extends: 'self' }),
    });
    const r = await loadModes(ws.dir);
    const messages = r.errors.map((e) => e.message).join('\n');
    expect(messages).toContain('.akira/modes/b.json: extends: "a" leads back to "b" (a → b → a)');
    expect(messages).toContain('.akira/modes/a.json: extends: the mode "b" is invalid');
    expect(messages).toContain('.akira/modes/c.json: extends: the mode "broken" is invalid (see the error for .akira/modes/broken.json)');
    expect(messages).toContain('.akira/modes/broken.json: systemPrompt must be a string');
    expect(messages).toContain('.akira/modes/self.json: extends: a mode cannot extend itself');
    expect(r.modes).toHaveLength(5);
  });

  it('loads YAML mode files (the yaml package) and reports broken ones; without a parser they are errors', async () => {
    await writeTree(ws.dir, {
      '.akira/modes/y.yaml': 'name: Why\nextends: code-dev\ninstructions: |\n  Explain why first.\n  Then act.\npolicy:\n  limits:\n    maxToolLoopsPerTodo: 9\n',
      '.akira/modes/z.yml': 'systemPrompt: [unclosed',
      '.akira/modes/j.json': json({ systemPrompt: 'json mode' }),
    });
    const r = await loadModes(ws.dir);
    const y = findMode(r.modes, 'y');
    expect(y.name).toBe('Why');
    expect(y.systemPrompt).toContain('Explain why first.\nThen act.');
    expect(y.policy?.limits?.maxToolLoopsPerTodo).toBe(9);
    expect(r.errors.map((e) => e.file)).toEqual(['.akira/modes/z.yml']);
    expect(r.errors[0].message).toMatch(/^\.akira\/modes\/z\.yml: is not valid YAML/);
    expect(r.modes.map((m) => m.id)).toContain('j');

    const without = await loadModes(ws.dir, {});
    expect(without.errors.map((e) => e.file).sort()).toEqual(['.akira/modes/y.yaml', '.akira/modes/z.yml']);
    expect(without.errors[0].message).toContain('need the "yaml" package');
  });

  it('refuses a modes entry that is a folder', async () => {
    await writeTree(ws.dir, { '.akira/modes/dir.json/x': '' });
    await writeTree(ws.dir, { 'real.json': json({ systemPrompt: 'linked' }) });
    await symlink(join(ws.dir, 'real.json'), join(ws.dir, '.akira/modes/linked.json'));
    const r = await loadModes(ws.dir);
    expect(r.errors).toEqual([{ file: '.akira/modes/dir.json', message: '.akira/modes/dir.json: not a file', words: { key: 'mode.notAFile', values: ['.akira/modes/dir.json'] } }]);
    expect(findMode(r.modes, 'linked').systemPrompt).toBe('linked');
  });

  it('findMode names the modes when the id is unknown', () => {
    expect(() => findMode(builtinModes(), 'nope')).toThrow('There is no mode "nope". Modes: code-dev, bug-fix, learn, optimize, autonomous.');
  });
});
