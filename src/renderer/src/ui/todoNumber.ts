/**
 * A TODO as people see it (issue 27, defect 16): the board numbers a plan's TODOs 1, 2, … in their order, while the
 * log names them by id (`t1`, `t2`, kept when the plan is edited). A spec's TODOs are its task numbers (`1`, `2.1`)
 * and are shown as they are.
 */
export function todoNumber(id: string, order: readonly { id: string }[] | null): string {
  if (!/^t\d+$/.test(id)) return id;
  const at = order?.findIndex((t) => t.id === id) ?? -1;
  return at >= 0 ? String(at + 1) : id.slice(1);
}
