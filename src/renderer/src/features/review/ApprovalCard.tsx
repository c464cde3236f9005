import type { PendingItem } from './reviewStore';
import { useReasonText } from '../../i18n';

/** A command or a read waiting for approval: what would run, where, and why it asks. */
export function ApprovalCard({ item }: { item: PendingItem }) {
  const reasonText = useReasonText();
  if (item.command) {
    const c = item.command;
    return (
      <div className="review-card" data-testid="review-command" data-destructive={c.destructive}>
        <div className="review-card-label">The agent wants to run</div>
        <pre className="review-command-line">$ {c.command}</pre>
        <dl className="review-facts">
          <dt>in</dt>
          <dd>{c.cwd ? c.cwd : 'the workspace folder'}</dd>
          <dt>asks because</dt>
          <dd>{reasonText(item.reason, item.reasonWords) ?? c.reason}</dd>
        </dl>
        {c.destructive && (
          <div className="review-warning" role="alert" data-testid="review-destructive">
            This command can destroy data (it deletes, overwrites or rewrites history). Batch runs never approve it on their own.
          </div>
        )}
        <div className="review-dim">It runs in a terminal tab in the workspace; its output goes back to the agent.</div>
      </div>
    );
  }
  if (item.tool) {
    return (
      <div className="review-card" data-testid={item.kind === 'mcp' ? 'review-mcp' : 'review-read'}>
        <div className="review-card-label">{item.kind === 'mcp' ? 'The agent wants to call an MCP tool' : 'The agent wants to read'}</div>
        <pre className="review-command-line">
          {item.tool.name} {item.tool.input}
        </pre>
        <div className="review-dim">{reasonText(item.reason, item.reasonWords) ?? (item.kind === 'mcp' ? 'MCP tools need approval in this session’s policy.' : 'Reads need approval in this session’s policy.')}</div>
      </div>
    );
  }
  return <div className="review-card review-dim">Waiting for approval: {item.changeId}</div>;
}
