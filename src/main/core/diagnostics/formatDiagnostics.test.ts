import { describe, expect, it } from 'vitest';
import { diagnosticsReport, type CheckerRun, type Diagnostic } from '../../../shared/context/contextShapes';
import { formatDiagnostics } from './formatDiagnostics';

const run = (over: Partial<CheckerRun>): CheckerRun => ({ id: 'tsc', command: 'node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false', status: 'ok', durationMs: 1234, count: 0, reason: null, ...over });
const diag = (over: Partial<Diagnostic>): Diagnostic => ({ file: 'src/a.ts', line: 1, column: 1, severity: 'error', message: 'bad', source: 'tsc', code: 'TS1', ...over });
const report = (checkers: CheckerRun[], diagnostics: Diagnostic[] = [], truncated = false) => diagnosticsReport.parse({ checkers, diagnostics, durationMs: 2000, truncated });

describe('formatDiagnostics', () => {
  it('says when no checker applies', () => {
    expect(formatDiagnostics(report([]))).toMatch(/^No checker applies to this project/);
  });

  it('gives a status line per checker and says who found nothing', () => {
    const text = formatDiagnostics(
      report([
        run({}),
        run({ id: 'eslint', command: 'node_modules/.bin/eslint -f json .', status: 'skipped', durationMs: 0, reason: 'disabled in .akira/settings.json (diagnostics.disabled)' }),
        run({ id: 'mypy', command: 'mypy .', status: 'timeout', durationMs: 60_000, reason: 'stopped after 60 s (diagnostics.timeoutSeconds)' }),
        run({ id: 'python', command: `python3 -c 'import json, os\n${'x'.repeat(300)}' 5000`, status: 'failed', durationMs: 50, reason: 'python3 was not found on the PATH.' }),
      ]),
    );
    expect(text).toBe(
      [
        'Checkers:',
        '- tsc: ran in 1.2 s, 0 problems (node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false)',
        '- eslint: skipped: disabled in .akira/settings.json (diagnostics.disabled)',
        '- mypy: timed out: stopped after 60 s (diagnostics.timeoutSeconds) (mypy .)',
        "- python: failed after 0.1 s: python3 was not found on the PATH. (python3 -c 'import json, os…)",
        '',
        'No problems found by tsc.',
      ].join('\n'),
    );
    expect(formatDiagnostics(report([run({ status: 'failed', reason: 'exited with code 2' })]))).toMatch(/No problems could be checked: no checker ran to the end\.$/);
  });

  it('lists problems grouped by file, errors first, continuation lines indented', () => {
    const diagnostics = [
      diag({ file: '', line: 0, column: 0, message: "Cannot read file 'base.json'.", code: 'TS5083' }),
      diag({ file: 'src/a.ts', line: 1, column: 14, message: "Type 'string' is not assignable to type 'number'.", code: 'TS2322' }),
      diag({ file: 'src/b.ts', line: 3, column: 6, message: 'Argument of type …\n  Types of parameters are incompatible.', code: 'TS2345' }),
      diag({ file: 'src/c.py', line: 9, column: 1, message: 'invalid syntax', source: 'python', code: 'SyntaxError' }),
      diag({ file: 'src/b.ts', line: 1, column: 1, severity: 'warning', message: 'Unused.', source: 'eslint', code: 'no-unused-vars' }),
      diag({ file: 'src/c.py', line: 2, column: 0, severity: 'info', message: 'note', source: 'mypy', code: null }),
      diag({ file: 'src/d.ts', line: 4, column: 2, severity: 'warning', message: 'Unused too.', source: 'eslint', code: 'no-unused-vars' }),
    ];
    const text = formatDiagnostics(report([run({ count: 3 }), run({ id: 'eslint', count: 2 }), run({ id: 'mypy', count: 1 }), run({ id: 'python', count: 1 })], diagnostics));
    expect(text.split('Problems')[1]).toBe(
      [
        ' (4 errors, 2 warnings, 1 note):',
        "(project) error Cannot read file 'base.json'. (tsc TS5083)",
        '',
        "src/a.ts:1:14 error Type 'string' is not assignable to type 'number'. (tsc TS2322)",
        '',
        'src/b.ts:3:6 error Argument of type … (tsc TS2345)',
        '    Types of parameters are incompatible.',
        'src/b.ts:1:1 warning Unused. (eslint no-unused-vars)',
        '',
        'src/c.py:9:1 error invalid syntax (python SyntaxError)',
        'src/c.py:2:0 info note (mypy)',
        '',
        'src/d.ts:4:2 warning Unused too. (eslint no-unused-vars)',
      ].join('\n'),
    );
  });

  it('cuts to maxChars and says how many problems were left out, counting those the report left out', () => {
    const diagnostics = Array.from({ length: 50 }, (_, i) => diag({ line: i + 1, message: `problem number ${i + 1} ${'x'.repeat(40)}` }));
    const text = formatDiagnostics(report([run({ count: 80 })], diagnostics, true), { maxChars: 1000 });
    expect(text.length).toBeLessThanOrEqual(1000);
    const shown = text.split('\n').filter((l) => l.startsWith('src/a.ts:')).length;
    expect(shown).toBeGreaterThan(3);
    expect(text).toContain('Problems (50 errors; 80 in all):');
    expect(text.endsWith(`… ${80 - shown} more problems not shown.`)).toBe(true);
  });
});
