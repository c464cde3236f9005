import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentSessionDetail } from '../../../../shared/contract';
import { useClient, useEvent } from '../../client/ClientContext';
import { useReconnected } from '../../client/useReconnected';
import { AttachmentChip, ImageChip } from './ContextChips';
import { rulesHint, rulesKindLabel, ruleWhy, tokensText } from './contextWords';
import { contextStrings } from './contextStrings';
import { useReasonText, useText } from '../../i18n';
import { rulesQuery } from './contextQueries';
import './context.css';

type SessionContextData = NonNullable<AgentSessionDetail['context']>;

/** The log events after which a session's context is read again (what its task attached, its rules, a rewind). */
const CONTEXT_EVENTS = new Set(['context_attached', 'rules_loaded', 'rollback', 'session_started']);

export const sessionContextKey = (sessionId: string) => ['sessionContext', sessionId] as const;

/**
 * A session's "Context" band in its view: the rules files it uses (path, which tool's, why, size, "cut to fit", a
 * problem; or that there are none and where Akira looks), what its task's mentions attached (chips with size or error) and its images by name.
 * Read from agent.get's `context`, again when the session logs new context; nothing for sessions without it.
 */
export function SessionContext({ sessionId, queued = false }: { sessionId: string; queued?: boolean }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: sessionContextKey(sessionId),
    queryFn: async () => (await client.invoke('agent.get', { sessionId })).context ?? null,
    staleTime: 60_000,
  });
  useEvent('agent.onEvent', (e) => {
    if (e.sessionId === sessionId && CONTEXT_EVENTS.has(e.type)) void queryClient.invalidateQueries({ queryKey: sessionContextKey(sessionId) });
  });
  useReconnected(() => void queryClient.invalidateQueries({ queryKey: sessionContextKey(sessionId) }));
  // A queued session has read no rules yet (issue 27 defect 6): it shows the workspace's, which it reads when it starts.
  const workspaceRules = useQuery({ ...rulesQuery(client), enabled: queued });
  if (!detail.data) return null;
  if (queued && !detail.data.rules.length && workspaceRules.data?.files.length) return <SessionContextBand context={{ ...detail.data, rules: workspaceRules.data.files }} pending />;
  return <SessionContextBand context={detail.data} />;
}

/**
 * One rules file in the band: its path, which tool's it is, why it is there (a file in play, `#name`, the mode,
 * listed by its description), its size (or that another file holds the same text), cut to fit, and what is wrong
 * with it (front matter, a glob) in the UI's language.
 */
function RuleItem({ rule: r }: { rule: SessionContextData['rules'][number] }) {
  const t = useText(contextStrings);
  const problem = useReasonText()(r.problem ?? null, r.problemWords);
  const why = ruleWhy(r);
  const title = [`${r.path} (${r.scope})`, r.applies === 'listed' && r.description ? t.ruleListedTitle(r.description) : null, problem].filter(Boolean).join('\n');
  return (
    <li className={`session-rule ${problem ? 'session-rule-bad' : ''}`} data-testid="session-rule" data-path={r.path} data-kind={r.kind} data-applies={r.applies} title={title}>
      <span className="session-rule-path">{r.path}</span>
      {r.kind && rulesKindLabel(r.kind) !== r.path.split('/').pop() && (
        <span className="session-rule-kind" data-testid="session-rule-kind">
          {rulesKindLabel(r.kind)}
        </span>
      )}
      {why && (
        <span className="session-rule-why" data-testid="session-rule-why">
          {why}
        </span>
      )}
      {!r.sameAs && <span className="session-rule-meta">{tokensText(r.tokens)}</span>}
      {r.truncated && <span className="session-rule-cut">{t.cutToFit}</span>}
      {problem && (
        <span className="session-rule-problem" data-testid="session-rule-problem">
          ⚠ {problem}
        </span>
      )}
    </li>
  );
}

function SessionContextBand({ context, pending = false }: { context: SessionContextData; pending?: boolean }) {
  const t = useText(contextStrings);
  const { rules, attachments, images } = context;
  return (
    <section className="session-context" aria-label={t.context} data-testid="session-context">
      <span className="session-context-title">{t.context}</span>
      <div className="session-context-group">
        <span className="session-context-label">{t.rules}</span>
        {rules.length ? (
          <ul className="session-context-list" data-testid="session-rules" data-pending={pending || undefined}>
            {rules.map((r) => (
              <RuleItem key={r.path} rule={r} />
            ))}
            {pending && (
              <li className="session-context-hint" data-testid="session-rules-pending">
                {t.rulesWhenStarts}
              </li>
            )}
          </ul>
        ) : (
          <span className="session-context-none" title={rulesHint()} data-testid="session-rules-none">
            {t.noRules} <span className="session-context-hint">{t.inParens(rulesHint())}</span>
          </span>
        )}
      </div>
      {attachments.length > 0 && (
        <div className="session-context-group">
          <span className="session-context-label">{t.attached}</span>
          <ul className="ctx-chips" data-testid="session-attachments">
            {attachments.map((a, i) => (
              <AttachmentChip key={`${a.ref}:${i}`} kind={a.kind} refText={a.ref} title={a.title} tokens={a.tokens} note={a.note} error={a.error} errorWords={a.errorWords} />
            ))}
          </ul>
        </div>
      )}
      {images.length > 0 && (
        <div className="session-context-group">
          <span className="session-context-label">{t.images}</span>
          <ul className="ctx-chips" data-testid="session-images">
            {images.map((img) => (
              <ImageChip key={img.file} name={img.name} bytes={img.bytes} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
