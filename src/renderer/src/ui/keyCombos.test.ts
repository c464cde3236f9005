import { describe, expect, it } from 'vitest';
import { formatCombo, matchesCombo, parseCombo } from './keyCombos';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, code?: string) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
  code,
});

describe('parseCombo', () => {
  it('reads modifiers and the key', () => {
    expect(parseCombo('Mod+Shift+P')).toEqual({ mod: true, ctrl: false, shift: true, alt: false, key: 'p' });
    expect(parseCombo('Ctrl+`')).toEqual({ mod: false, ctrl: true, shift: false, alt: false, key: '`' });
    expect(parseCombo('F1').key).toBe('f1');
    expect(parseCombo('Mod++').key).toBe('+');
  });
  it('refuses what the registry should not hold', () => {
    expect(() => parseCombo('Hyper+P')).toThrow(/Unknown modifier/);
    expect(() => parseCombo('Shift+Shift+P')).toThrow(/twice/);
    expect(() => parseCombo('Mod+Ctrl+P')).toThrow(/together/);
    expect(() => parseCombo('')).toThrow(/No key/);
  });
});

describe('matchesCombo', () => {
  it('takes Ctrl or ⌘ for Mod, with exactly the combination’s modifiers', () => {
    const p = parseCombo('Mod+P');
    expect(matchesCombo(key('p', { ctrlKey: true }), p)).toBe(true);
    expect(matchesCombo(key('p', { metaKey: true }), p)).toBe(true);
    expect(matchesCombo(key('p'), p)).toBe(false);
    expect(matchesCombo(key('P', { ctrlKey: true, shiftKey: true }), p)).toBe(false);
    expect(matchesCombo(key('P', { ctrlKey: true, shiftKey: true }), parseCombo('Mod+Shift+P'))).toBe(true);
    expect(matchesCombo(key('p', { ctrlKey: true, altKey: true }), p)).toBe(false);
  });
  it('reads Ctrl as Control alone, and the backquote by its physical key', () => {
    const c = parseCombo('Ctrl+`');
    expect(matchesCombo(key('`', { ctrlKey: true }), c)).toBe(true);
    expect(matchesCombo(key('`', { metaKey: true }), c)).toBe(false);
    expect(matchesCombo(key('Dead', { ctrlKey: true }, 'Backquote'), c)).toBe(true); // a layout where ` is a dead key
  });
  it('matches function keys and bare letters only without modifiers', () => {
    expect(matchesCombo(key('F1'), parseCombo('F1'))).toBe(true);
    expect(matchesCombo(key('F1', { ctrlKey: true }), parseCombo('F1'))).toBe(false);
    expect(matchesCombo(key('j'), parseCombo('j'))).toBe(true);
    expect(matchesCombo(key('A', { shiftKey: true }), parseCombo('Shift+A'))).toBe(true);
  });
});

describe('formatCombo', () => {
  it('writes keys the way the platform does', () => {
    expect(formatCombo('Mod+Shift+P', false)).toBe('Ctrl+Shift+P');
    expect(formatCombo('Mod+Shift+P', true)).toBe('⇧⌘P');
    expect(formatCombo('Ctrl+`', true)).toBe('⌃`');
    expect(formatCombo('Mod+,', false)).toBe('Ctrl+,');
    expect(formatCombo('F1', false)).toBe('F1');
    expect(formatCombo('Alt+ArrowDown', false)).toBe('Alt+↓');
    expect(formatCombo('j', false)).toBe('j');
    expect(formatCombo('Shift+A', true)).toBe('⇧A');
  });
});
