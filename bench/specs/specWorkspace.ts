// The generated workspace of the spec benchmark (bench/specs/specs.bench.ts): a small CommonJS project with a
// Kiro-format spec of 30 leaf tasks in .akira/specs/pricing/, 20 of them already implemented in the files
// (module, exported symbols, a passing node:test file) but still `- [ ]` in tasks.md, 10 not.
//
//   const ws = specWorkspace();   ws.files (path → content)   ws.tasks (one per leaf task, in order)
//
// Task k (1..30) is about module `src/modKK.js` (exports `modKKValue`, `modKKDescribe`):
//   - done when k % 3 !== 0 (20 tasks), open otherwise (10 tasks: 3, 6, …, 30);
//   - an open task with k % 6 === 0 extends the previous (done) module instead: "Add `modKKReset` to
//     `src/modJJ.js`" (the file exists, the symbol does not); the other open tasks create their module;
//   - odd k names a test command, `node --test test/modKK.test.js` (15 tasks: 10 done, 5 open).
// Tasks are grouped as in a real plan: 13 top-level tasks, 7 of them parents of 2 to 4 numbered sub-tasks.
// Deterministic: the same text every run.

export const TASKS_PATH = '.akira/specs/pricing/tasks.md';

const FEATURES = [
  'price calculator', 'currency formatter', 'tax table', 'discount rules', 'coupon parser', 'cart totals',
  'shipping estimator', 'invoice numbering', 'receipt renderer', 'refund policy', 'loyalty points', 'gift cards',
  'stock reservations', 'order states', 'payment retries', 'fraud score', 'audit trail', 'price history',
  'bundle pricing', 'regional surcharges', 'rounding rules', 'exchange rates', 'quote expiry', 'bulk tiers',
  'subscription proration', 'trial periods', 'credit notes', 'statement export', 'dunning schedule', 'revenue report',
];
/** Leaf tasks per top-level task (1 = a top-level leaf): 30 in all. */
const GROUPS = [1, 3, 1, 4, 2, 1, 3, 1, 4, 2, 1, 3, 4];
const GROUP_NAMES = [
  'Set up pricing core', 'Money and taxes', 'Promotions entry point', 'Checkout flow', 'Documents', 'Refunds',
  'Customer value', 'Inventory link', 'Order pipeline', 'Price analytics', 'Localisation', 'Quotes and tiers', 'Billing cycle',
];

export interface BenchTask {
  /** The task number, e.g. "4.2" (the TODO id). */
  id: string;
  k: number;
  /** Implemented in the workspace (its box still open). */
  done: boolean;
  /** The file the task creates or extends, and the symbol it adds. */
  file: string;
  symbol: string;
  /** Open tasks that extend an existing module (edit) rather than create one. */
  extends: boolean;
  test: string | null;
  testFile: string | null;
}

const pad = (k: number) => String(k).padStart(2, '0');

function moduleSource(k: number, extra = ''): string {
  const m = `mod${pad(k)}`;
  return [
    `'use strict';`,
    `// ${m}: the ${FEATURES[k - 1]} (pricing spec).`,
    ``,
    `const FACTOR = ${k};`,
    `const LABEL = '${FEATURES[k - 1]}';`,
    ``,
    `/** ${m}Value(x): x scaled by the module's factor; a TypeError for anything but a finite number. */`,
    `function ${m}Value(x) {`,
    `  if (typeof x !== 'number' || !Number.isFinite(x)) throw new TypeError('${m}Value expects a finite number');`,
    `  return x * FACTOR;`,
    `}`,
    ``,
    `/** ${m}Describe(x): one line for the logs. */`,
    `function ${m}Describe(x) {`,
    `  return \`\${LABEL}: \${x} -> \${${m}Value(x)}\`;`,
    `}`,
    ...(extra ? ['', extra] : []),
    ``,
    `module.exports = { ${m}Value, ${m}Describe${extra ? `, ${extraName(k)}` : ''} };`,
    ``,
  ].join('\n');
}

/** The function an "extend" task adds to module k (the module before it). */
const extraName = (k: number) => `mod${pad(k + 1)}Reset`;
const extraSource = (k: number) => [`/** ${extraName(k)}(): the ${FEATURES[k]} back to its defaults. */`, `function ${extraName(k)}() {`, `  return { factor: FACTOR, label: LABEL };`, `}`].join('\n');

function testSource(k: number): string {
  const m = `mod${pad(k)}`;
  return [
    `'use strict';`,
    `const test = require('node:test');`,
    `const assert = require('node:assert');`,
    `const { ${m}Value, ${m}Describe } = require('../src/${m}.js');`,
    ``,
    `test('${m}Value scales by ${k}', () => {`,
    `  assert.strictEqual(${m}Value(2), ${2 * k});`,
    `  assert.throws(() => ${m}Value('2'), TypeError);`,
    `});`,
    ``,
    `test('${m}Describe', () => {`,
    `  assert.match(${m}Describe(1), /${FEATURES[k - 1]}/);`,
    `});`,
    ``,
  ].join('\n');
}

function benchTask(id: string, k: number): BenchTask {
  const done = k % 3 !== 0;
  const ext = !done && k % 6 === 0;
  const m = `mod${pad(k)}`;
  const testFile = k % 2 === 1 ? `test/${m}.test.js` : null;
  return {
    id,
    k,
    done,
    file: ext ? `src/mod${pad(k - 1)}.js` : `src/${m}.js`,
    symbol: ext ? extraName(k - 1) : `${m}Value`,
    extends: ext,
    test: testFile ? `node --test ${testFile}` : null,
    testFile,
  };
}

function taskLines(t: BenchTask, group: number, indent: string): string[] {
  const m = `mod${pad(t.k)}`;
  const title = t.extends ? `Add the ${FEATURES[t.k - 1]} reset to ${`mod${pad(t.k - 1)}`}` : `Implement the ${FEATURES[t.k - 1]} module`;
  const details = t.extends
    ? [`Add \`${t.symbol}\` to \`${t.file}\` and export it`, `Keep the existing exports unchanged`]
    : [`Create \`${t.file}\` exporting \`${m}Value\` and \`${m}Describe\``, `\`${m}Value(x)\` throws a TypeError for anything but a finite number`];
  if (t.test) details.push(`Write unit tests in \`${t.testFile}\`; \`${t.test}\` passes`);
  details.push(`_Requirements: ${group}.1, ${group}.${(t.k % 3) + 1}_`);
  return [`${indent}- [ ] ${t.id}. ${title}`, ...details.map((d) => `${indent}  - ${d}`), ''];
}

export function specWorkspace(): { files: Record<string, string>; tasks: BenchTask[] } {
  const tasks: BenchTask[] = [];
  const lines = ['# Implementation Plan', ''];
  let k = 0;
  GROUPS.forEach((size, g) => {
    const n = g + 1;
    if (size === 1) {
      const t = benchTask(String(n), ++k);
      tasks.push(t);
      lines.push(...taskLines(t, n, ''));
      return;
    }
    lines.push(`- [ ] ${n}. ${GROUP_NAMES[g]}`, '');
    for (let s = 1; s <= size; s++) {
      const t = benchTask(`${n}.${s}`, ++k);
      tasks.push(t);
      lines.push(...taskLines(t, n, '  '));
    }
  });

  const requirements = ['# Requirements Document', '', '## Introduction', '', 'The pricing service computes prices, taxes and documents for the shop. Every module is CommonJS, pure and tested with node:test.', ''];
  GROUP_NAMES.forEach((name, g) => {
    requirements.push(
      `### Requirement ${g + 1}`,
      '',
      `**User Story:** As a shop operator, I want ${name.toLowerCase()}, so that prices stay correct and explainable.`,
      '',
      '#### Acceptance Criteria',
      '',
      `1. WHEN a module of ${name.toLowerCase()} receives a finite number THEN it SHALL scale it by its factor`,
      `2. WHEN it receives anything else THEN it SHALL throw a TypeError naming the function`,
      `3. WHEN asked to describe a value THEN it SHALL answer one line with its label`,
      '',
    );
  });
  const design = [
    '# Design Document',
    '',
    '## Overview',
    '',
    'Thirty small CommonJS modules under `src/`, one per pricing concern, each exporting a `modNNValue` function and a',
    '`modNNDescribe` function. Modules never import each other; `src/index.js` re-exports them for the HTTP layer.',
    '',
    '## Architecture',
    '',
    '- Pure functions only: no I/O, no globals, no dates.',
    '- Input validation at the boundary: a TypeError with the function name for anything but a finite number.',
    '- Factors are constants at the top of each module; labels are the feature names.',
    '',
    '## Components and Interfaces',
    '',
    ...FEATURES.map((f, i) => `- \`src/mod${pad(i + 1)}.js\`: the ${f}; factor ${i + 1}.`),
    '',
    '## Testing Strategy',
    '',
    'Each module has a `test/modNN.test.js` run with `node --test`; tests cover the happy path and the TypeError.',
    '',
  ];

  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'pricing', version: '1.0.0', private: true, type: 'commonjs', scripts: { test: 'node --test test/' } }, null, 2) + '\n',
    'README.md': '# pricing\n\nThe pricing service. `npm test` runs the unit tests.\n',
    '.gitignore': 'node_modules/\n',
    'src/index.js': `'use strict';\nmodule.exports = {};\n`,
    [TASKS_PATH]: lines.join('\n'),
    '.akira/specs/pricing/requirements.md': requirements.join('\n'),
    '.akira/specs/pricing/design.md': design.join('\n'),
  };
  for (const t of tasks) {
    if (!t.done) continue;
    files[t.file] = moduleSource(t.k);
    files[`test/mod${pad(t.k)}.test.js`] = testSource(t.k);
  }
  return { files, tasks };
}

/** What the scripted model writes for an open task that creates its module: the module and its test. */
export function implementation(t: BenchTask): { content: string; test: string | null } {
  return { content: moduleSource(t.k), test: t.testFile ? testSource(t.k) : null };
}

/** The edit_file edit of an open task that extends the module before it. */
export function extension(t: BenchTask): { search: string; replace: string } {
  const m = `mod${pad(t.k - 1)}`;
  return {
    search: `module.exports = { ${m}Value, ${m}Describe };`,
    replace: `${extraSource(t.k - 1)}\n\nmodule.exports = { ${m}Value, ${m}Describe, ${extraName(t.k - 1)} };`,
  };
}
