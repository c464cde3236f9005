import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SpecSummaryT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { progressOf } from './specRows';
import { specsListQuery } from './specsQueries';
import { sameSpec, useSpecsStore } from './specsStore';
import { useSpecsSync } from './useSpecsSync';
import { specsStrings } from './specsStrings';
import { useText } from '../../i18n';
import './specs.css';

export function ProgressBar({ progress, testId }: { progress: SpecSummaryT['progress']; testId?: string }) {
  const t = useText(specsStrings);
  const { text, fraction } = progressOf(progress);
  return (
    <span className="spec-progress" data-testid={testId} title={t.tasksDone(progress.done, progress.total)}>
      <span className="spec-progress-track" aria-hidden>
        <span className={`spec-progress-fill ${fraction === 1 ? 'complete' : ''}`} style={{ width: `${fraction * 100}%` }} />
      </span>
      <span className="spec-progress-text">{text}</span>
    </span>
  );
}

/** Kiro's folder name and OpenSpec's name, the same in every language. */
const KIRO_BADGE = '.kiro';
const OPENSPEC_BADGE = 'OpenSpec';

export function SourceBadge({ spec }: { spec: Pick<SpecSummaryT, 'source'> }) {
  const t = useText(specsStrings);
  if (spec.source === 'akira') return null;
  return (
    <span className="spec-badge" data-testid="spec-source" title={spec.source === 'kiro' ? t.fromKiro : t.fromOpenSpec}>
      {spec.source === 'kiro' ? KIRO_BADGE : OPENSPEC_BADGE}
    </span>
  );
}

/** Where specs live, for an empty workspace. */
export function SpecsEmpty() {
  const t = useText(specsStrings);
  return (
    <div className="empty spec-empty" data-testid="specs-empty">
      {t.emptyLead}
      <code>{t.akiraSpecPath}</code>
      {t.emptyOrKiro}
      <code>{t.kiroSpecPath}</code>
      {t.emptyOrOpenSpec}
      <code>{t.openSpecPath}</code>
    </div>
  );
}

/** The Specs view's sidebar: the workspace's specs with their progress; selecting one shows its tasks. */
export function SpecsPanel() {
  const t = useText(specsStrings);
  const client = useClient();
  const list = useQuery(specsListQuery(client));
  const selected = useSpecsStore((s) => s.selected);
  const select = useSpecsStore((s) => s.select);
  useSpecsSync();

  const specs = list.data?.specs ?? [];
  // The first spec is shown until one is chosen; a spec that went away is let go.
  useEffect(() => {
    if (!list.data) return;
    if (selected && specs.some((s) => sameSpec(s, selected))) return;
    select(specs[0] ? { source: specs[0].source, name: specs[0].name } : null);
  }, [list.data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (list.isPending) return <div className="empty">{t.readingSpecs}</div>;
  if (list.isError)
    return (
      <div className="empty error-text" role="alert" data-testid="specs-error">
        {t.couldNotListSpecs(list.error.message)}{' '}
        <button className="link" onClick={() => void list.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  if (!specs.length)
    return (
      <div className="empty" data-testid="specs-empty-list">
        {t.noSpecs}
      </div>
    );

  return (
    <ul className="spec-list" data-testid="spec-list" aria-label={t.specs}>
      {specs.map((spec) => {
        const active = sameSpec(spec, selected);
        return (
          <li key={`${spec.source}:${spec.name}`}>
            <button
              className={`spec-item ${active ? 'selected' : ''}`}
              aria-current={active || undefined}
              data-testid="spec-item"
              data-spec={spec.name}
              data-source={spec.source}
              title={spec.dir}
              onClick={() => select({ source: spec.source, name: spec.name })}
            >
              <span className="spec-item-line">
                <span className="spec-name">{spec.name}</span>
                <SourceBadge spec={spec} />
              </span>
              {spec.hasTasks ? <ProgressBar progress={spec.progress} testId="spec-progress" /> : <span className="spec-dim">{t.noTasksMd}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
