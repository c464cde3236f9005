import type { SpecTaskT } from '../../../../shared/contract';

/** One visible line of the checklist: a task, how deep it sits, and whether it can fold. */
export interface SpecRow {
  task: SpecTaskT;
  depth: number;
  /** It has details, requirements or children to fold away. */
  foldable: boolean;
  collapsed: boolean;
}

/**
 * The checklist's rows in document order: a collapsed task keeps its own row but hides its details,
 * requirements and every task under it. Depth comes from the parent chain (robust to odd indentation).
 */
export function specRows(tasks: readonly SpecTaskT[], collapsed: ReadonlySet<string>): SpecRow[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const depthOf = (t: SpecTaskT): number => {
    let depth = 0;
    const seen = new Set<string>([t.id]);
    for (let p = t.parentId; p && byId.has(p) && !seen.has(p); p = byId.get(p)!.parentId) {
      seen.add(p);
      depth++;
    }
    return depth;
  };
  const hiddenBy = (t: SpecTaskT): boolean => {
    const seen = new Set<string>([t.id]);
    for (let p = t.parentId; p && byId.has(p) && !seen.has(p); p = byId.get(p)!.parentId) {
      seen.add(p);
      if (collapsed.has(p)) return true;
    }
    return false;
  };
  return tasks
    .filter((t) => !hiddenBy(t))
    .map((task) => ({
      task,
      depth: depthOf(task),
      foldable: task.details.length > 0 || task.requirements.length > 0 || task.children.length > 0,
      collapsed: collapsed.has(task.id),
    }));
}

/** What a click or Space does to a task: done reopens it, open or in progress marks it done. */
export function nextState(state: SpecTaskT['state']): SpecTaskT['state'] {
  return state === 'done' ? 'open' : 'done';
}

/** "3/7" and the fraction for the bar (0 when there are no tasks). */
export function progressOf(progress: { done: number; total: number }): { text: string; fraction: number } {
  return { text: `${progress.done}/${progress.total}`, fraction: progress.total ? Math.min(1, progress.done / progress.total) : 0 };
}

/** True when a workspace change touches a spec's files. */
export function touchesSpecs(path: string): boolean {
  return /^(\.akira|\.kiro)(\/specs(\/|$)|$)/.test(path) || /^openspec(\/changes(\/|$)|$)/.test(path);
}
