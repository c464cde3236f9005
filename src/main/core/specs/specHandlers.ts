import type { SpecDetailT, SpecSummaryT, SpecTaskT } from '../../../shared/contract';
import type { SpecRunInput } from '../../../shared/contract/specs';
import type { Emit } from '../eventBus';
import type { DomainHandlers } from '../router';
import { describeSpec, listSpecs, readSpec, tickSpecParents, tickSpecTask, type SpecContent, type SpecInfo, type SpecRef } from './specFiles';
import { workTasks, type SpecTask } from './tasksParser';

/** The contract's view of a spec and its tasks (specFiles.ts reads them; the parser's offsets stay inside). */
function summaryOf(info: SpecInfo, tasks: readonly SpecTask[]): SpecSummaryT {
  const leaves = workTasks(tasks);
  const { source, name, dir, tasksPath, hasTasks, requirementsPath, designPath, proposalPath } = info;
  return {
    source,
    name,
    dir,
    tasksPath,
    hasTasks,
    ...(requirementsPath ? { requirementsPath } : {}),
    ...(designPath ? { designPath } : {}),
    ...(proposalPath ? { proposalPath } : {}),
    progress: { done: leaves.filter((t) => t.state === 'done').length, total: leaves.length },
  };
}

function taskOf(t: SpecTask): SpecTaskT {
  const { id, number, title, state, optional, depth, parentId, children, details, requirements, line } = t;
  return { id, number, title, state, optional, depth, parentId, children, details, requirements, line };
}

function detailOf(c: SpecContent): SpecDetailT {
  return { spec: summaryOf(c.spec, c.tasks), tasks: c.tasks.map(taskOf), problems: c.problems, requirements: c.requirements, design: c.design, ...(c.proposal !== null ? { proposal: c.proposal } : {}) };
}

/** Starts a spec session (the agent's; createCore wires it so that specs never imports the agent). */
export type SpecRun = (input: SpecRunInput) => Promise<{ sessionId: string; taskIds: string[] }>;

/** The contract's specs.* commands on the open workspace (`root` throws when none is open). */
export function specHandlers(root: () => string, emit: Emit, run: SpecRun): DomainHandlers<'specs'> {
  return {
    'specs.run': (p) => run(p),
    async 'specs.list'() {
      const r = root();
      const specs = await listSpecs(r);
      const summaries = await Promise.all(
        specs.map(async (info) => {
          if (!info.hasTasks) return summaryOf(info, []);
          const content = await readSpec(r, info).catch(() => null);
          return summaryOf(info, content?.tasks ?? []);
        }),
      );
      return { specs: summaries };
    },
    'specs.get': async (p) => detailOf(await readSpec(root(), p)),
    async 'specs.setTaskState'(p) {
      const r = root();
      const ref: SpecRef = { source: p.source, name: p.name };
      await describeSpec(r, ref);
      const ticked = await tickSpecTask(r, ref, { id: p.taskId, title: p.title, ...(p.line !== undefined ? { line: p.line } : {}) }, p.state);
      const parents = p.state === 'done' ? await tickSpecParents(r, ref) : { changed: false };
      if (ticked.changed || parents.changed) emit('specs.onChanged', ref);
      return detailOf(await readSpec(r, ref));
    },
  };
}
