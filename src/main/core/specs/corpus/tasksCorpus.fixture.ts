import type { TaskState } from '../tasksParser';

/**
 * tasks.md variants the parser and the ticker are tested on. Texts are built in code (not kept as .md
 * files) so that CRLF, lone CR, tabs, a BOM and a missing final newline survive git and editors.
 * `tree` lists every task in file order as [id, state, parentId, title].
 */
export interface CorpusCase {
  name: string;
  text: string;
  tree: [string, TaskState, string | null, string][];
  /** Substrings each expected problem contains (the count must match too). */
  problems?: string[];
}

const lines = (...l: string[]) => l.join('\n') + '\n';

export const kiroPlan = lines(
  '# Implementation Plan',
  '',
  '- [x] 1. Set up project structure and core interfaces',
  '  - Create directory structure for models, services, repositories',
  '  - Define interfaces that establish system boundaries',
  '  - _Requirements: 1.1, 2.3_',
  '',
  '- [-] 2. Implement data models and validation',
  '  - [x] 2.1 Create core data model interfaces and types',
  '    - Write TypeScript interfaces for all data models',
  '    - Implement validation functions for data integrity',
  '    - _Requirements: 2.1, 3.3, 1.2_',
  '',
  '  - [ ] 2.2 Implement User model with validation',
  '    - Write User class with validation methods',
  '      that wrap onto a second line',
  '    - _Requirements: 1.2_',
  '',
  '  - [ ]* 2.3 Write unit tests for the User model',
  '    - _Requirements: 1.2_',
  '',
  '- [ ] 3. Create storage mechanism',
  '  - [ ] 3.1 Implement database connection utilities',
  '    - Write connection management code',
  '    - _Requirements: 2.1, 3.1_',
);

export const corpus: CorpusCase[] = [
  {
    name: 'Kiro nested plan: numbering, details, requirements, [x]/[-]/[ ], optional',
    text: kiroPlan,
    tree: [
      ['1', 'done', null, 'Set up project structure and core interfaces'],
      ['2', 'in_progress', null, 'Implement data models and validation'],
      ['2.1', 'done', '2', 'Create core data model interfaces and types'],
      ['2.2', 'open', '2', 'Implement User model with validation'],
      ['2.3', 'open', '2', 'Write unit tests for the User model'],
      ['3', 'open', null, 'Create storage mechanism'],
      ['3.1', 'open', '3', 'Implement database connection utilities'],
    ],
  },
  {
    name: 'states: [ ], [x], [X], [-]',
    text: lines('- [ ] 1. Open', '- [x] 2. Done', '- [X] 3. Done too', '- [-] 4. Busy'),
    tree: [
      ['1', 'open', null, 'Open'],
      ['2', 'done', null, 'Done'],
      ['3', 'done', null, 'Done too'],
      ['4', 'in_progress', null, 'Busy'],
    ],
  },
  {
    name: 'CRLF line endings',
    text: kiroPlan.replace(/\n/g, '\r\n'),
    tree: [
      ['1', 'done', null, 'Set up project structure and core interfaces'],
      ['2', 'in_progress', null, 'Implement data models and validation'],
      ['2.1', 'done', '2', 'Create core data model interfaces and types'],
      ['2.2', 'open', '2', 'Implement User model with validation'],
      ['2.3', 'open', '2', 'Write unit tests for the User model'],
      ['3', 'open', null, 'Create storage mechanism'],
      ['3.1', 'open', '3', 'Implement database connection utilities'],
    ],
  },
  {
    name: 'mixed endings: LF, CRLF and a lone CR',
    text: '- [ ] 1. One\r\n  - [x] 1.1 One one\n  - Detail\r- [ ] 2. Two\r\n',
    tree: [
      ['1', 'open', null, 'One'],
      ['1.1', 'done', '1', 'One one'],
      ['2', 'open', null, 'Two'],
    ],
  },
  {
    name: 'tab indentation',
    text: lines('- [ ] 1. Top', '\t- [ ] 1.1 Sub', '\t\t- detail with a tab', '\t- [x] 1.2 Sub two', '- [ ] 2. Next'),
    tree: [
      ['1', 'open', null, 'Top'],
      ['1.1', 'open', '1', 'Sub'],
      ['1.2', 'done', '1', 'Sub two'],
      ['2', 'open', null, 'Next'],
    ],
  },
  {
    name: 'code fences (``` and ~~~) holding checkbox lines',
    text: lines(
      '- [ ] 1. Write the README',
      '  ```markdown',
      '  - [ ] 9. Not a task',
      '  ```',
      '- [ ] 2. Document the format',
      '~~~',
      '- [x] 8. Not a task either',
      '```',
      '- [ ] 7. Still inside the tilde fence',
      '~~~',
      '````',
      '```',
      '- [ ] 6. Inside a four-backtick fence',
      '```',
      '````',
      '- [x] 3. After the fences',
    ),
    tree: [
      ['1', 'open', null, 'Write the README'],
      ['2', 'open', null, 'Document the format'],
      ['3', 'done', null, 'After the fences'],
    ],
  },
  {
    name: 'duplicate titles under different numbers',
    text: lines('- [ ] 1. Parser', '  - [ ] 1.1 Write tests', '- [ ] 2. Ticker', '  - [x] 2.1 Write tests'),
    tree: [
      ['1', 'open', null, 'Parser'],
      ['1.1', 'open', '1', 'Write tests'],
      ['2', 'open', null, 'Ticker'],
      ['2.1', 'done', '2', 'Write tests'],
    ],
  },
  {
    name: 'unnumbered tasks get positional ids',
    text: lines('- [ ] Set up CI', '  - [ ] Add lint step', '- [x] 2. Numbered', '- [ ] Set up CI'),
    tree: [
      ['t1', 'open', null, 'Set up CI'],
      ['t2', 'open', 't1', 'Add lint step'],
      ['2', 'done', null, 'Numbered'],
      ['t4', 'open', null, 'Set up CI'],
    ],
    problems: ['line 1: task "Set up CI" has no number', 'line 2:', 'line 4:'],
  },
  {
    name: 'headings and prose between tasks',
    text: lines(
      '# Tasks',
      '',
      'Some intro prose with a - [ ] inside it.',
      '',
      '## Phase 1',
      '- [x] 1. First',
      'A paragraph after the first task.',
      '  - [ ] 1.1 Indented after the prose',
      '',
      '## Phase 2',
      '',
      '  - [ ] 2. Indented under a heading',
      '    - detail',
      '> - [ ] 5. quoted, not a task',
    ),
    tree: [
      ['1', 'done', null, 'First'],
      ['1.1', 'open', '1', 'Indented after the prose'],
      ['2', 'open', null, 'Indented under a heading'],
    ],
  },
  {
    name: 'last line without a newline',
    text: '- [x] 1. Done\n- [ ] 2. Last, no newline',
    tree: [
      ['1', 'done', null, 'Done'],
      ['2', 'open', null, 'Last, no newline'],
    ],
  },
  { name: 'empty file', text: '', tree: [] },
  { name: 'only blank lines and a heading', text: '\n\n# Implementation Plan\r\n\r\n', tree: [] },
  {
    name: '* and + bullets; numbers 1. / 1.1 / 1.1. / 1.1.1',
    text: lines('* [ ] 1. Star', '  + [x] 1.1. Plus with trailing dot', '    - [ ] 1.1.1 Deep', '+ [ ] 2 no dot is a title'),
    tree: [
      ['1', 'open', null, 'Star'],
      ['1.1', 'done', '1', 'Plus with trailing dot'],
      ['1.1.1', 'open', '1.1', 'Deep'],
      ['t4', 'open', null, '2 no dot is a title'],
    ],
    problems: ['line 4: task "2 no dot is a title" has no number'],
  },
  {
    name: 'flat numbering: 2.1 at the indentation of 2',
    text: lines('- [ ] 1. One', '- [ ] 2. Two', '- [x] 2.1 Two one', '  - detail of 2.1', '- [ ] 2.1.1 Deeper', '- [ ] 2.2 Two two', '- [ ] 3. Three'),
    tree: [
      ['1', 'open', null, 'One'],
      ['2', 'open', null, 'Two'],
      ['2.1', 'done', '2', 'Two one'],
      ['2.1.1', 'open', '2.1', 'Deeper'],
      ['2.2', 'open', '2', 'Two two'],
      ['3', 'open', null, 'Three'],
    ],
  },
  {
    name: 'Kiro plan with optional property tests, flat sub-tasks and checkpoints',
    text: lines(
      '# Implementation Plan',
      '',
      '- [x] 1. Scaffold the service',
      '  - _Requirements: 1.1_',
      '',
      '- [ ] 2. Upload handling',
      '  - [x] 2.1 Store uploads under a per-user folder',
      '    - _Requirements: 4.1, 4.3_',
      '',
      '- [ ]* 2.2 Write property test for unique file names',
      '  - **Property 5: Unique file names**',
      '  - **Validates: Requirements 4.2**',
      '',
      '- [ ] 2.3 Reject path traversal',
      '',
      '- [ ] 3. Checkpoint - make sure all tests pass, ask the user if questions arise',
    ),
    tree: [
      ['1', 'done', null, 'Scaffold the service'],
      ['2', 'open', null, 'Upload handling'],
      ['2.1', 'done', '2', 'Store uploads under a per-user folder'],
      ['2.2', 'open', '2', 'Write property test for unique file names'],
      ['2.3', 'open', '2', 'Reject path traversal'],
      ['3', 'open', null, 'Checkpoint - make sure all tests pass, ask the user if questions arise'],
    ],
  },
  {
    name: '"Task N:" checklist style',
    text: lines('## Milestone 1', '- [ ] Task 1: Data model', '  - [x] Task 1.1: Add the supplier field', '  - [ ] Task 1.2 — Export it', '- [ ] 2: Colon only'),
    tree: [
      ['1', 'open', null, 'Data model'],
      ['1.1', 'done', '1', 'Add the supplier field'],
      ['1.2', 'open', '1', 'Export it'],
      ['2', 'open', null, 'Colon only'],
    ],
  },
  {
    name: 'BOM, HTML comment, four-space indentation',
    text: '\uFEFF- [ ] 1. First\n<!--\n- [ ] 9. commented out\n-->\n    - [ ] 1.1 Four spaces\n        - detail\n',
    tree: [
      ['1', 'open', null, 'First'],
      ['1.1', 'open', '1', 'Four spaces'],
    ],
  },
  {
    name: 'repeated number, queued [~], unknown state, unclosed fence',
    text: lines('- [ ] 1. A', '- [ ] 1. B', '- [~] 2. Queued', '  - [~] 2.1 Queued too', '- [/] 3. Odd state', '- [1] footnote-like, quiet', '```', '- [ ] 4. in an unclosed fence'),
    tree: [
      ['1', 'open', null, 'A'],
      ['1~2', 'open', null, 'B'],
      ['2', 'open', null, 'Queued'],
      ['2.1', 'open', '2', 'Queued too'],
    ],
    problems: ['task number 1 is used again', 'line 5: "[/]" is not a task state', 'line 7: a code fence is never closed'],
  },
];
