import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { CORPUS_LISTED, CORPUS_NOT_SENT, CORPUS_SENT, RULES_CORPUS } from '../../../testing/rulesCorpus';
import { loadRules } from './rulesFiles';

// Every common kind of rules file (issue 24) on the corpus the project writes itself (src/testing/rulesCorpus.ts):
// which are sent, when the conditional ones join, what is listed, what is sent once, what a setting switches off,
// and how bad front matter and a bad glob are said without losing the rest.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function dirs(files: Record<string, string>) {
  const ws = await tempDir('akira-rules-kinds-ws-');
  const data = await tempDir('akira-rules-kinds-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, files);
  return { root: ws.dir, dataDir: data.dir };
}

const count = (text: string, s: string) => text.split(s).length - 1;

describe('rules files of every kind', () => {
  it('on the corpus: what is sent, what is listed, what is not, with a file of src/api/ in play', async () => {
    const d = await dirs(RULES_CORPUS);
    const rules = await loadRules({ ...d, inPlay: ['src/api/orders.ts'], mentions: ['release-checklist'], mode: 'autonomous', maxTokens: 16_000 });
    for (const m of CORPUS_SENT) expect(count(rules.text, m), m).toBe(1);
    for (const m of CORPUS_NOT_SENT) expect(rules.text, m).not.toContain(m);
    for (const line of CORPUS_LISTED) expect(rules.text).toContain(line);
    const by = Object.fromEntries(rules.files.map((f) => [f.path, f]));
    expect(by['.cursor/rules/api.mdc']).toMatchObject({ kind: 'cursor', applies: 'match', because: 'src/api/orders.ts' });
    expect(by['.kiro/steering/api-standards.md']).toMatchObject({ kind: 'kiro', applies: 'match', because: 'src/api/orders.ts' });
    expect(by['.github/instructions/api.instructions.md']).toMatchObject({ kind: 'copilot', applies: 'match' });
    expect(by['.kiro/steering/release-checklist.md']).toMatchObject({ kind: 'kiro', applies: 'mentioned', because: '#release-checklist' });
    expect(by['.roo/rules-autonomous/01-autonomy.md']).toMatchObject({ kind: 'roo', applies: 'mode', because: 'autonomous' });
    expect(by['.cursor/rules/migrations.mdc']).toMatchObject({ applies: 'listed', description: 'How to write a database migration (naming, reversibility, backfills)' });
    expect(by['.kiro/steering/product.md']).toMatchObject({ kind: 'kiro', applies: 'always' });
    expect(by['GEMINI.md']).toMatchObject({ kind: 'gemini', applies: 'always' });
    expect(by['.windsurfrules']).toMatchObject({ kind: 'windsurf' });
    expect(by['.github/copilot-instructions.md']).toMatchObject({ kind: 'copilot', applies: 'always' });
    // The same text in two files: sent once, the second says where.
    expect(by['CLAUDE.md']).toMatchObject({ kind: 'claude', sameAs: 'AGENTS.md', tokens: 0 });
    // The conditional rules that do not apply are not listed at all.
    for (const p of ['.cursor/rules/styles.mdc', '.github/instructions/web.instructions.md', '.kiro/steering/components.md', '.windsurf/rules/tests.md', '.roo/rules-learn/01-teach.md', '.kiro/steering/deploy.md']) {
      expect(by[p], p).toBeUndefined();
    }
    // Front matter is not sent; the text after it is.
    expect(rules.text).not.toContain('alwaysApply');
    expect(rules.text).not.toContain('inclusion: always');
    expect(rules.text).toContain('### .cursor/rules/api.mdc (applies to files like src/api/orders.ts, which this session works on)');
    expect(rules.text).toContain('read it with read_file');
  });

  it('without a matching file in play, without the mention and in another mode, the conditional rules stay out', async () => {
    const d = await dirs(RULES_CORPUS);
    const rules = await loadRules({ ...d, inPlay: ['web/App.tsx'], mode: 'learn', maxTokens: 16_000 });
    for (const m of ['RULE-CURSOR-API', 'RULE-KIRO-API', 'RULE-COPILOT-API', 'RULE-KIRO-RELEASE', 'RULE-ROO-MODE-AUTONOMOUS', 'RULE-CURSOR-STYLES']) expect(rules.text, m).not.toContain(m);
    // web/App.tsx matches the Kiro components rule; the learn mode has its own Roo folder.
    for (const m of ['RULE-KIRO-COMPONENTS', 'RULE-ROO-MODE-LEARN', 'RULE-AGENTS-ROOT']) expect(rules.text, m).toContain(m);
  });

  it('bad input: malformed front matter and a bad glob are said, and nothing else is lost', async () => {
    const d = await dirs(RULES_CORPUS);
    const rules = await loadRules({ ...d, maxTokens: 16_000 });
    const broken = rules.files.find((f) => f.path === '.kiro/steering/broken.md')!;
    expect(broken).toMatchObject({ applies: 'always', problemWords: { key: 'context.ruleFrontMatterBroken' } });
    expect(broken.problem).toMatch(/^The front matter of \.kiro\/steering\/broken\.md could not be read \(.+\): the whole file is sent, as a rule that always applies\.$/);
    expect(rules.text).toContain('RULE-KIRO-BROKEN');
    const sql = rules.files.find((f) => f.path === '.cursor/rules/sql.mdc')!;
    expect(sql).toMatchObject({ applies: 'listed', description: 'SQL query style', problemWords: { key: 'context.ruleNoGlob' } });
    expect(sql.problem).toMatch(/^\.cursor\/rules\/sql\.mdc: its globs cannot be used \(db\/\[queries\/\*\.sql: .+\); it is listed, and the model may read it when it applies\.$/);
    // The rest still load.
    expect(rules.files.length).toBeGreaterThan(15);
    expect(rules.text).toContain('RULE-CURSOR-CORE');
  });

  it('a bad glob beside good ones: the good ones apply; an unclosed front matter and an unknown trigger are sent whole', async () => {
    const d = await dirs({
      '.cursor/rules/mixed.mdc': '---\nglobs: "src/{a,b/**/*.ts, **/*.{ts,tsx}"\n---\nMIXED-RULE\n',
      '.kiro/steering/unclosed.md': '---\ninclusion: manual\nUNCLOSED-RULE\n',
      '.windsurf/rules/odd.md': '---\ntrigger: sometimes\n---\nODD-RULE\n',
      '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nALL-RULE\n',
    });
    const rules = await loadRules({ ...d, inPlay: ['web/x.tsx'], maxTokens: 4000 });
    const by = Object.fromEntries(rules.files.map((f) => [f.path, f]));
    expect(by['.cursor/rules/mixed.mdc']).toMatchObject({ applies: 'match', because: 'web/x.tsx', problemWords: { key: 'context.ruleBadGlob', values: ['.cursor/rules/mixed.mdc', 'src/{a,b/**/*.ts', expect.any(String)] } });
    expect(by['.kiro/steering/unclosed.md']).toMatchObject({ applies: 'always', problemWords: { key: 'context.ruleFrontMatterBroken' } });
    expect(rules.text).toContain('UNCLOSED-RULE');
    expect(rules.text).toContain('inclusion: manual'); // the whole file, nothing lost
    expect(by['.windsurf/rules/odd.md']).toMatchObject({ applies: 'always', problem: '.windsurf/rules/odd.md: trigger: "sometimes" is not one of always_on, glob, model_decision, manual; it is sent as a rule that always applies.' });
    expect(by['.github/instructions/all.instructions.md']).toMatchObject({ applies: 'always' });
  });

  it('context.rules.disabled in the workspace settings (and the global ones) switches kinds off', async () => {
    const d = await dirs({ ...RULES_CORPUS, '.akira/settings.json': JSON.stringify({ context: { rules: { disabled: ['cursor', 'kiro', 'nonsense'] } } }) });
    await writeFile(join(d.dataDir, 'settings.json'), JSON.stringify({ context: { rules: { disabled: ['gemini'] } } }));
    const rules = await loadRules({ ...d, inPlay: ['src/api/orders.ts'], maxTokens: 16_000 });
    const kinds = new Set(rules.files.map((f) => f.kind));
    for (const off of ['cursor', 'kiro', 'gemini'] as const) expect(kinds.has(off), off).toBe(false);
    for (const m of ['RULE-CURSOR-LEGACY', 'RULE-CURSOR-API', 'RULE-KIRO-PRODUCT', 'RULE-GEMINI']) expect(rules.text).not.toContain(m);
    for (const m of ['RULE-AGENTS-ROOT', 'RULE-COPILOT-API', 'RULE-ROO-GENERAL']) expect(rules.text).toContain(m);
  });
});
