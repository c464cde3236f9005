/**
 * Key combinations as the app's action registry (features/palette/appActions.ts) and the Review view's keys write them
 * (`Mod+Shift+P`, `Ctrl+\``, `F1`, `Alt+ArrowDown`, `Shift+A`, `j`): parsed, matched against a keydown, and shown
 * the way the platform writes them (`Ctrl+Shift+P`, or `⇧⌘P` on a Mac). `Mod` is Ctrl, or ⌘ on a Mac; like the rest of the app it accepts either on every platform (a Mac person
 * in a browser on Linux still presses ⌘). `Ctrl` is the Control key only (VS Code's Ctrl+` everywhere).
 */

export interface Combo {
  /** Ctrl or ⌘. */
  mod: boolean;
  /** Control itself. */
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  /** `KeyboardEvent.key`, lower-cased for letters: `p`, `` ` ``, `,`, `f1`, `arrowdown`, `escape`. */
  key: string;
}

export type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> & { code?: string };

const MODIFIERS = new Set(['mod', 'ctrl', 'shift', 'alt']);

/** `Mod+Shift+P` → its parts; throws on a combination the registry should not hold (a typo is a test failure). */
export function parseCombo(text: string): Combo {
  // The key itself may be `+` (written last, after a `+`).
  const parts = text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  const key = parts.pop();
  if (!key) throw new Error(`No key in "${text}"`);
  const combo: Combo = { mod: false, ctrl: false, shift: false, alt: false, key: key.toLowerCase() };
  for (const part of parts) {
    const m = part.toLowerCase();
    if (!MODIFIERS.has(m)) throw new Error(`Unknown modifier "${part}" in "${text}"`);
    if (combo[m as keyof Omit<Combo, 'key'>]) throw new Error(`"${part}" twice in "${text}"`);
    (combo as unknown as Record<string, boolean>)[m] = true;
  }
  if (combo.mod && combo.ctrl) throw new Error(`Mod and Ctrl together in "${text}"`);
  return combo;
}

/** The key the event names, lower-cased; the physical key for the backquote (dead on some layouts). */
function eventKey(e: KeyLike): string {
  if (e.code === 'Backquote') return '`';
  return e.key.toLowerCase();
}

/** Whether the keydown is this combination: the same key and exactly its modifiers. */
export function matchesCombo(e: KeyLike, combo: Combo): boolean {
  if (eventKey(e) !== combo.key) return false;
  if (e.shiftKey !== combo.shift || e.altKey !== combo.alt) return false;
  if (combo.mod) return e.ctrlKey !== e.metaKey; // one of them, not both
  if (combo.ctrl) return e.ctrlKey && !e.metaKey;
  return !e.ctrlKey && !e.metaKey;
}

const parsed = new Map<string, Combo>();

/** Whether the keydown is the combination written `text` (parsed once). */
export function matchesKey(e: KeyLike, text: string): boolean {
  let combo = parsed.get(text);
  if (!combo) parsed.set(text, (combo = parseCombo(text)));
  return matchesCombo(e, combo);
}

export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const KEY_NAMES: Record<string, [string, string]> = {
  arrowdown: ['↓', '↓'],
  arrowup: ['↑', '↑'],
  arrowleft: ['←', '←'],
  arrowright: ['→', '→'],
  escape: ['Esc', '⎋'],
  enter: ['Enter', '↩'],
  ' ': ['Space', 'Space'],
};

function keyName(key: string, mac: boolean, bare: boolean): string {
  const named = KEY_NAMES[key];
  if (named) return named[mac ? 1 : 0];
  // A letter pressed alone is written as typed (the Review view's `j`); with modifiers, as on the keycap.
  if (key.length === 1) return bare ? key : key.toUpperCase();
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** How a combination is written for people: `Ctrl+Shift+P` (Windows, Linux) or `⇧⌘P` (Mac). */
export function formatCombo(text: string, mac = isMac()): string {
  const c = parseCombo(text);
  const key = keyName(c.key, mac, !c.mod && !c.ctrl && !c.shift && !c.alt);
  if (mac) return `${c.ctrl ? '⌃' : ''}${c.alt ? '⌥' : ''}${c.shift ? '⇧' : ''}${c.mod ? '⌘' : ''}${key}`;
  return [c.mod || c.ctrl ? 'Ctrl' : '', c.shift ? 'Shift' : '', c.alt ? 'Alt' : '', key].filter(Boolean).join('+');
}
