import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { frontMatterBlock, parseFrontMatter, renderFrontMatter, type SessionFrontMatter } from './sessionDoc';

// Written by the hand-made writer that came before the yaml package (kept byte for byte).
const OLD_FORMAT = `---
sessionId: "3b241101-e2bb-4255-8caf-4136c566a962"
task: "Fix \\"it\\" \\\\ now\\n---\\n# not a comment: x\\u001b é 😀"
mode: code
model: "null"
status: waiting_approval
phase: final_check
createdAt: "2025-03-01T10:00:01.000Z"
updatedAt: "2025-03-01T10:00:08.000Z"
totals:
  tokensIn: 1234
  tokensOut: 56
  costUsd: null
  modelCalls: 1
progress:
  done: 1
  total: 2
lastSeq: 8
formatVersion: 1
---
`;

const tricky: SessionFrontMatter = {
  sessionId: '3b241101-e2bb-4255-8caf-4136c566a962',
  task: 'Fix "it" \\ now\n---\n# not a comment: x\u001b é 😀',
  mode: 'code',
  model: 'null',
  status: 'waiting_approval',
  phase: 'final_check',
  createdAt: '2025-03-01T10:00:01.000Z',
  updatedAt: '2025-03-01T10:00:08.000Z',
  totals: { tokensIn: 1234, tokensOut: 56, costUsd: null, modelCalls: 1 },
  progress: { done: 1, total: 2 },
  lastSeq: 8,
  formatVersion: 1,
};

describe('session.md front matter', () => {
  it('reads a file written before the yaml package, and writes the same bytes again', () => {
    const parsed = parseFrontMatter(`${OLD_FORMAT}\n# Session: Fix\n`);
    expect(parsed).toEqual({ ok: true, value: tricky });
    expect(renderFrontMatter(tricky)).toBe(OLD_FORMAT);
  });

  it('writes one line per field (a task line cannot close the block) and valid YAML', () => {
    const text = renderFrontMatter({ ...tricky, mode: 'true', totals: { ...tricky.totals, costUsd: 0.0042 } });
    const block = frontMatterBlock(`${text}\nbody\n---\n`);
    expect(block?.split('\n').filter(Boolean)).toHaveLength(18);
    expect(text).toContain('mode: "true"\n');
    expect(parseYaml(block ?? '')).toEqual({ ...tricky, mode: 'true', totals: { ...tricky.totals, costUsd: 0.0042 } });
    expect(parseFrontMatter(text)).toMatchObject({ ok: true, value: { mode: 'true', task: tricky.task } });
  });

  it('says what is wrong with a broken front matter', () => {
    expect(parseFrontMatter('# no front matter')).toEqual({ ok: false, error: 'no front matter' });
    expect(parseFrontMatter(OLD_FORMAT.replace('lastSeq: 8', 'lastSeq: -1'))).toMatchObject({ ok: false, error: expect.stringMatching(/^front matter: lastSeq:/) });
    expect(parseFrontMatter(OLD_FORMAT.replace('  done: 1', 'done: [1'))).toMatchObject({ ok: false });
  });
});
