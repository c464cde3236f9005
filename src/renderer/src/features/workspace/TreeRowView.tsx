import { memo } from 'react';
import { fileIcon } from './fileIcons';
import type { Decoration } from '../git/gitDecorations';
import { statusLetter } from '../git/changeGroups';
import { isBookkeeping, type TreeRow } from './treeRows';
import type { Formats } from '../../i18n';
import type { workspaceStrings } from './workspaceStrings';

type Words = (typeof workspaceStrings)['en'];

const INDENT = 12;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={`tree-chevron ${open ? 'open' : ''}`} viewBox="0 0 16 16" aria-hidden="true">
      <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FolderIcon({ open }: { open: boolean }) {
  return (
    <svg className="tree-folder" viewBox="0 0 16 16" aria-hidden="true">
      {open ? (
        <path d="M1.5 4.5a1 1 0 0 1 1-1h3.6l1.4 1.5h5.9a1 1 0 0 1 1 1V6H4.2a1 1 0 0 0-.95.7L1.5 12.2Zm1.9 2.3A1 1 0 0 1 4.3 6h10.4a.6.6 0 0 1 .57.8l-1.75 5.5a1 1 0 0 1-.95.7H2.3a.5.5 0 0 1-.48-.65Z" />
      ) : (
        <path d="M1.5 4.5a1 1 0 0 1 1-1h3.6l1.4 1.5h5.9a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H2.5a1 1 0 0 1-1-1Z" />
      )}
    </svg>
  );
}

function linkTitle(t: Words, link: string | undefined): string {
  switch (link) {
    case 'dir':
      return t.linkToFolder;
    case 'file':
      return t.linkToFile;
    case 'outside':
      return t.linkOutside;
    default:
      return t.linkBroken;
  }
}

function formatSize(f: Formats, bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${f.number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${f.number(bytes / 1024, 1)} KB`;
  return `${f.number(bytes / 1024 / 1024, 1)} MB`;
}

export interface TreeRowViewProps {
  row: TreeRow;
  selected: boolean;
  active: boolean;
  onPick(key: string): void;
  /** A double click: open the file pinned, not as a preview (issue 13's tabs). */
  onKeep?(key: string): void;
  /** Git state of the entry (a folder: something inside changed). */
  decoration?: Decoration;
  /** The tree's words and formats in the UI's language (from FileTree: one subscription for all rows). */
  t: Words;
  f: Formats;
}

/** One row of the tree; memoised so moving the selection re-renders two rows, not thousands. */
export const TreeRowView = memo(function TreeRowView({ row, selected, active, onPick, onKeep, decoration, t, f }: TreeRowViewProps) {
  const indent = <span className="tree-indent" style={{ width: row.depth * INDENT }} />;
  const cls = `row tree-row${selected ? ' selected' : ''}${active ? ' active' : ''}`;

  if (row.type === 'more') {
    return (
      <div className={`${cls} tree-more`} data-testid="tree-more" data-key={row.key} onClick={() => onPick(row.key)}>
        {indent}
        <span className="tree-twistie" />
        <span className="name">
          {row.loading ? t.loading : t.loadMore(f.number(row.remaining))}
        </span>
      </div>
    );
  }
  if (row.type === 'status') {
    return (
      <div className={`row tree-row tree-status${row.error ? ' error-text' : ''}`} data-key={row.key}>
        {indent}
        <span className="tree-twistie" />
        <span className="name">{row.kind === 'error' ? row.text : row.kind === 'loading' ? t.loading : t.emptyFolder}</span>
      </div>
    );
  }

  const { entry, expandable, expanded } = row;
  const isLink = entry.kind === 'symlink';
  const unusable = isLink && (entry.link === 'outside' || entry.link === 'broken');
  const icon = expandable ? null : fileIcon(entry.name);
  const title = isLink ? `${entry.path}\n${linkTitle(t, entry.link)}` : entry.size !== undefined ? `${entry.path} · ${formatSize(f, entry.size)}` : entry.path;
  return (
    <div
      className={`${cls}${unusable ? ' tree-unusable' : ''}${decoration ? ` git-${decoration}` : ''}${isBookkeeping(entry.path) ? ' tree-bookkeeping' : ''}`}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected}
      data-testid="tree-row"
      data-path={entry.path}
      data-kind={entry.kind}
      data-key={row.key}
      title={title}
      onClick={() => onPick(row.key)}
      onDoubleClick={() => onKeep?.(row.key)}
    >
      {indent}
      <span className="tree-twistie">{expandable && <Chevron open={expanded} />}</span>
      {expandable ? (
        <FolderIcon open={expanded} />
      ) : (
        <span className="tree-badge" style={{ color: icon!.color }}>
          {icon!.label}
        </span>
      )}
      <span className="name">{entry.name}</span>
      {isLink && <span className="tree-link" aria-label={t.symbolicLink}>↗</span>}
      {decoration === 'folder' ? (
        <span className="tree-git-dot" aria-label={t.containsChanges} />
      ) : decoration ? (
        <span className="tree-git-letter" data-testid="tree-git">{statusLetter[decoration]}</span>
      ) : null}
    </div>
  );
});
