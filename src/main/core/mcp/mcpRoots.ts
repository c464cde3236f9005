/**
 * The MCP servers' roots (issue 24): what the client answers to `roots/list` (mcpConnection.ts). While sessions run,
 * their folders (the workspace, or a worktree session's worktree), each once; when none runs, the workspace. A
 * session holds its folder while it runs; `onChange` is called when the list changes (the hub then sends
 * `notifications/roots/list_changed`).
 *
 *   const roots = createRootLeases('/ws', () => tellServers())
 *   const release = roots.use('/ws/.worktrees/ab12')   roots.list() → ['/ws/.worktrees/ab12']
 *   release()                                           roots.list() → ['/ws']
 */
export function createRootLeases(root: string, onChange: () => void) {
  /** A folder twice: two sessions in it. */
  const leases: string[] = [];
  const list = () => (leases.length ? [...new Set(leases)] : [root]);
  const key = () => list().join('\n');
  return {
    list,
    use(path: string): () => void {
      const before = key();
      leases.push(path);
      if (key() !== before) onChange();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const was = key();
        leases.splice(leases.indexOf(path), 1);
        if (key() !== was) onChange();
      };
    },
  };
}
