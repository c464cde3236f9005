import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useClient } from '../../client/ClientContext';
import { Highlighted } from '../../ui/Highlighted';
import { findFilesQuery } from '../context/contextQueries';
import { fileIcon } from '../workspace/fileIcons';
import { openFileAt } from './appActions';
import { PaletteFrame } from './PaletteFrame';
import { paletteStore } from './paletteStore';
import { parseQuickOpen, quickOpenItems, splitMatch, type QuickOpenItem } from './quickOpenItems';
import { useRecentStore } from './recentStore';
import { paletteStrings } from './paletteStrings';
import { useFormats, useText } from '../../i18n';

/** How many files a query lists. */
const LIMIT = 50;
const NO_RECENT: readonly string[] = [];

/**
 * Quick open (Ctrl+P): every file of the tree (the core's file index, ignores respected) by fuzzy query, as
 * context.findFiles ranks them, the matched characters marked; recently opened files first for an empty query;
 * `:line` or `:line:column` after the query opens there. Each query has its own query key, so an answer that comes
 * late for an older query is never shown for a newer one; Enter pressed before the newest answer waits for it
 * (the older list on screen is not what the person typed). `>` first switches to the command palette.
 */
export function QuickOpen({ initial, opened }: { initial: string; opened: number }) {
  const t = useText(paletteStrings);
  const f = useFormats();
  const client = useClient();
  const root = useAppInfo().data?.workspace?.root ?? '';
  const recent = useRecentStore((s) => s.files[root] ?? NO_RECENT);
  const activeFile = useUiStore((s) => (s.editor?.kind === 'file' ? s.editor.path : null));
  const [text, setText] = useState(initial);
  const [activeIndex, setActiveIndex] = useState(0);
  const [enterWaiting, setEnterWaiting] = useState(false);
  const query = useMemo(() => parseQuickOpen(text), [text]);
  const wantsFiles = !(query.text === '' && query.line);
  const found = useQuery({ ...findFilesQuery(client, query.text, { limit: LIMIT, folders: false }), enabled: wantsFiles, placeholderData: keepPreviousData });
  const current = !found.isPlaceholderData && !found.isPending;
  const items = useMemo(
    () => quickOpenItems(query, wantsFiles ? (found.data?.items ?? null) : [], recent, activeFile),
    [query, wantsFiles, found.data, recent, activeFile],
  );

  useEffect(() => {
    setText(initial);
    setActiveIndex(0);
  }, [initial, opened]);

  const pick = (item: QuickOpenItem) => {
    paletteStore().close();
    openFileAt(item.path, query.line ?? undefined, query.column ?? undefined);
  };

  // Enter before the answer to what is typed: picked once it is there.
  useEffect(() => {
    if (!enterWaiting || (wantsFiles && !current)) return;
    setEnterWaiting(false);
    const item = items[Math.min(activeIndex, items.length - 1)];
    if (item) pick(item);
  }, [enterWaiting, current, items]);

  const onChange = (next: string) => {
    if (next.startsWith('>')) {
      paletteStore().show('commands', next.slice(1));
      return;
    }
    setText(next);
    setActiveIndex(0);
  };

  let note: string | null = null;
  if (found.isError && wantsFiles) note = t.couldNotSearch(found.error.message);
  else if (query.line && !query.text && !activeFile) note = t.openFileFirst;
  else if (current && wantsFiles && !items.length) note = query.text ? t.noFileMatches(query.text) : t.noFiles;
  else if (current && found.data?.truncated) note = t.tooLarge(f.number(found.data.indexed));

  return (
    <PaletteFrame
      label={t.goToFileLabel}
      testId="quick-open"
      placeholder={t.searchFilesPlaceholder}
      value={text}
      onChange={onChange}
      items={items}
      activeIndex={activeIndex}
      setActiveIndex={setActiveIndex}
      opened={opened}
      onPick={(item, how) => (how === 'enter' && wantsFiles && !current ? setEnterWaiting(true) : pick(item))}
      onClose={() => paletteStore().close()}
      note={note}
      renderItem={(item) => <FileOption item={item} line={query.line} />}
    />
  );
}

function FileOption({ item, line }: { item: QuickOpenItem; line: number | null }) {
  const t = useText(paletteStrings);
  const { name, namePositions, folder, folderPositions } = splitMatch(item.path, item.positions);
  const icon = fileIcon(name);
  return (
    <span className="palette-file" data-path={item.path} title={item.path}>
      <span className="palette-file-icon" style={{ color: icon.color }} aria-hidden="true">
        {icon.label}
      </span>
      {item.kind === 'line' ? (
        <span className="palette-file-name">{t.goToLineIn(line, name)}</span>
      ) : (
        <Highlighted className="palette-file-name" text={name} positions={namePositions} />
      )}
      {folder && <Highlighted className="palette-file-folder" text={folder} positions={folderPositions} />}
      {item.recent && <span className="palette-tag">{t.recentlyOpened}</span>}
    </span>
  );
}
