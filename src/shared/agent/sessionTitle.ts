/**
 * How a session is named where space is short (issue 27 defects 11 and 18). A spec session's task is the generated
 * prompt ("Run the spec .akira/specs/greet/tasks.md: tasks 1, 2, in order. …", core/agent/orchestrator/specPlan.ts):
 * it is named by its spec and tasks instead. Pure, for the core and the UI.
 */

export interface SpecRun {
  /** The spec's name: the folder of its tasks.md (`greet`), or the file's name without `.md`. */
  name: string;
  /** The task numbers it runs, as the prompt lists them. */
  tasks: string[];
  /** How many tasks in all when the prompt shortened the list (else tasks.length). */
  total: number;
}

const SPEC_PROMPT = /^Run the spec (\S+): tasks? (.+?), in order\./;

/** The spec and tasks a spec session runs, read from its task; null for a typed task. */
export function specRunOf(task: string): SpecRun | null {
  const m = SPEC_PROMPT.exec(task);
  if (!m) return null;
  const parts = m[1].split('/').filter(Boolean);
  const file = parts.at(-1) ?? m[1];
  const name = /^tasks\.md$/i.test(file) && parts.length > 1 ? parts.at(-2)! : file.replace(/\.md$/i, '');
  const all = /^(.*?) … \((\d+) in all\)$/.exec(m[2]);
  const tasks = (all ? all[1] : m[2]).split(', ').filter(Boolean);
  return { name, tasks, total: all ? Number(all[2]) : tasks.length };
}

/** A session's name in a few words: `greet 1, 2` for a spec session, else its task's first line cut to `max`. */
export function shortSessionTitle(task: string, max = 40): string {
  const spec = specRunOf(task);
  if (spec) return `${spec.name} ${spec.tasks.join(', ')}${spec.total > spec.tasks.length ? ' …' : ''}`;
  const line = (task.split('\n')[0] ?? '').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
