import { useEffect, useMemo, useState } from 'react';
import { Highlighted } from '../../ui/Highlighted';
import { APP_ACTIONS, canRun, type ActionContext, type AppAction } from './appActions';
import { commandItems, type CommandItem } from './commandItems';
import { PaletteFrame } from './PaletteFrame';
import { paletteStore } from './paletteStore';
import { useRecentStore } from './recentStore';
import { Keys } from './Keys';
import { paletteStrings } from './paletteStrings';
import { useText } from '../../i18n';

type Item = CommandItem<AppAction> & { id: string };

/**
 * The command palette (Ctrl+Shift+P, F1): the registry's actions that can run now (appActions.ts), each with its
 * keys, filtered as you type (no `>` needed), the recently used first. Enter closes the palette, then runs the action.
 */
export function CommandPalette({ ctx, initial, opened }: { ctx: ActionContext; initial: string; opened: number }) {
  const t = useText(paletteStrings);
  const recent = useRecentStore((s) => s.commands);
  const [text, setText] = useState(initial);
  const [activeIndex, setActiveIndex] = useState(0);
  // What can run is read when the palette opens (a session's state, the open file): the list stays put while it is open.
  const runnable = useMemo(() => APP_ACTIONS.filter((a) => !a.hidden && canRun(a, ctx)), [opened, ctx]);
  const items = useMemo(() => commandItems(runnable, text.trim(), recent).map((c): Item => ({ ...c, id: c.action.id })), [runnable, text, recent]);

  useEffect(() => {
    setText(initial);
    setActiveIndex(0);
  }, [initial, opened]);

  const pick = ({ action }: Item) => {
    paletteStore().close();
    useRecentStore.getState().usedCommand(action.id);
    if (canRun(action, ctx)) void action.run!(ctx);
  };

  return (
    <PaletteFrame
      label={t.commands}
      testId="command-palette"
      placeholder={t.typeCommand}
      value={text}
      onChange={(next) => {
        setText(next);
        setActiveIndex(0);
      }}
      items={items}
      activeIndex={activeIndex}
      setActiveIndex={setActiveIndex}
      opened={opened}
      onPick={pick}
      onClose={() => paletteStore().close()}
      note={items.length ? null : t.noCommandMatches(text.trim())}
      renderItem={(item) => <CommandOption item={item} />}
    />
  );
}

function CommandOption({ item }: { item: Item }) {
  const t = useText(paletteStrings);
  const { action, positions, recent } = item;
  const detail = action.detail?.() ?? null;
  const titleStart = action.category.length + 2; // `Category: Title`
  return (
    <span className="palette-command" data-action={action.id}>
      <span className="palette-command-text">
        <span className="palette-command-label">
          <Highlighted className="palette-command-category" text={`${action.category}: `} positions={positions.filter((p) => p < titleStart)} />
          <Highlighted text={action.title} positions={positions.filter((p) => p >= titleStart).map((p) => p - titleStart)} />
        </span>
        {detail && <span className="palette-command-detail">{detail}</span>}
      </span>
      {recent && <span className="palette-tag">{t.recentlyUsed}</span>}
      {action.keys && <Keys keys={action.keys} />}
    </span>
  );
}
