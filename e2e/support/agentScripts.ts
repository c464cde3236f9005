import { reply } from '../../src/testing/openaiReplies';
import type { RecordedRequest, ReplyScript } from '../../src/testing/openaiTestServer';

/**
 * Scripted-model replies and whole scripted sessions shared by the e2e specs and the fixture recorder
 * (recordAgentFixtures.rec.ts). Enqueue them on the scripted model server:
 *
 *   app.model.enqueue(plan([{id: 'a', description, expectedResult}]), …, verdict('a'), verdict('task'));
 *   app.model.enqueue(...greetSession());
 */

export interface PlannedTodo {
  id: string;
  description: string;
  expectedResult: string;
}

/** The planner's answer: these TODOs. */
export const plan = (todos: PlannedTodo[]) => reply.toolCall('todo_write', { todos });

/** The reviewer's answer on a TODO (`task`: the whole task); by default it approves: "looks right". */
export const verdict = (todoId: string, approved = true, feedback = 'looks right', confidence = 0.9) =>
  reply.toolCall('verify_todo', { todoId, approved, feedback, confidence });

export const GREET_TODOS: PlannedTodo[] = [
  { id: 't1', description: 'Create greet.txt saying hello world', expectedResult: 'greet.txt contains "hello world"' },
  { id: 't2', description: 'Show the greeting', expectedResult: 'the greeting is printed' },
];

export interface GreetSessionOptions {
  /** The plan (default GREET_TODOS: t1 writes greet.txt, t2 prints it). */
  todos?: PlannedTodo[];
  /** The model's words before its first write. */
  text?: string;
  /** Looks at the model call that reviews t2 before the reviewer approves it. */
  onReviewT2?: (request: RecordedRequest) => void;
}

/**
 * "Greet the world": t1 writes greet.txt saying hello, the reviewer rejects it (85 % confident), the retry edits it to
 * hello world and passes; t2 runs `cat greet.txt` and passes; the task is approved. Eleven model calls.
 */
export function greetSession(options: GreetSessionOptions = {}): ReplyScript[] {
  const reviewT2 = () => verdict('t2', true, 'the output shows hello world');
  return [
    plan(options.todos ?? GREET_TODOS),
    reply.message({ text: options.text ?? 'Writing greet.txt first.', toolCalls: [{ name: 'write_file', arguments: { path: 'greet.txt', content: 'hello\n' } }] }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote greet.txt' }),
    verdict('t1', false, 'greet.txt says "hello", not "hello world"', 0.85),
    reply.toolCall('edit_file', { path: 'greet.txt', edits: [{ search: 'hello', replace: 'hello world' }] }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'fixed the greeting' }),
    verdict('t1', true, 'greet.txt now says hello world', 0.95),
    reply.toolCall('run_command', { command: 'cat greet.txt' }),
    reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'cat printed hello world' }),
    options.onReviewT2
      ? (request: RecordedRequest) => {
          options.onReviewT2!(request);
          return reviewT2();
        }
      : reviewT2(),
    verdict('task', true, 'all done', 0.97),
  ];
}

/**
 * "Fix and note": TODO a reads missing.js (no such file), claims done and is rejected; TODO b writes notes.md and
 * passes; the task is approved. With no retries, a fails and asks what next (answer skip). `onFirstStep` looks at
 * a's first model call before it reads the file.
 */
export function fixAndNoteSession(onFirstStep?: (request: RecordedRequest) => void): ReplyScript[] {
  const readMissing = () => reply.toolCall('read_file', { path: 'missing.js' });
  return [
    plan([
      { id: 'a', description: 'Fix missing.js', expectedResult: 'missing.js exports fix' },
      { id: 'b', description: 'Write notes.md', expectedResult: 'notes.md exists' },
    ]),
    onFirstStep
      ? (request: RecordedRequest) => {
          onFirstStep(request);
          return readMissing();
        }
      : readMissing(),
    reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'nothing to fix' }),
    verdict('a', false, 'missing.js does not exist'),
    reply.toolCall('write_file', { path: 'notes.md', content: '# notes\n' }),
    reply.toolCall('update_todo', { id: 'b', status: 'done' }),
    verdict('b', true, 'notes.md is there'),
    verdict('task', true, 'done apart from the skipped TODO'),
  ];
}

export const ALPHA_BETA_TODOS: PlannedTodo[] = [
  { id: 't1', description: 'Create alpha.txt saying alpha', expectedResult: 'alpha.txt contains alpha' },
  { id: 't2', description: 'Create beta.txt saying beta', expectedResult: 'beta.txt contains beta' },
];

/** "Write alpha.txt and beta.txt": t1 writes alpha.txt, t2 beta.txt, each approved, then the task. Eight model calls. */
export function alphaBetaSession(): ReplyScript[] {
  return [
    plan(ALPHA_BETA_TODOS),
    reply.toolCall('write_file', { path: 'alpha.txt', content: 'alpha\n' }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote alpha.txt' }),
    verdict('t1'),
    reply.toolCall('write_file', { path: 'beta.txt', content: 'beta\n' }),
    reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'wrote beta.txt' }),
    verdict('t2'),
    verdict('task'),
  ];
}
