/**
 * The parts of requirements.md that a task's requirement ids refer to (pure), for the prompt of a spec task.
 *
 * Sections are headings (level 2 and deeper) that start with an id, and list items or lines that start with a
 * bold id:
 *   ### Requirement 1          Kiro: cited as `1.2` (requirement 1, acceptance criterion 2) or `Requirement 1`
 *   ## 1. Sign in              numbered sections
 *   ### FR1: Login, ### FR-001, ### NFR3 — Speed, ### R2      prefixed ids: cited as `FR1`, `NFR3`, `R2.1`
 *   - **FR2**: The system …    a bold id at the start of an item (the item and what is indented under it)
 * An id resolves to its own section (`FR1.2` when there is one) or else its requirement's (`FR1`, `1`); `R1.2` and
 * `Requirement 1` find `### Requirement 1` too. Leading zeros do not count (`FR-001` is `FR1`). What is not an
 * id at all (`All`, a sentence) gets a note saying so; an id with no section gets "No section found".
 */

export interface RequirementId {
  /** Upper-case letters before the number ('' for plain numbers and `Requirement N`). */
  prefix: string;
  /** The number's parts without leading zeros: `1.2` → ['1', '2']. */
  parts: string[];
}

const ID_RE = /^(?:(?:requirements?|req\.?|需求)[ \t]*[#:：]?[ \t]*)?(?:([a-z]{1,5})[-_ ]?)?(\d+(?:\.\d+)*)(?![\w.])/i;

/** Reads a requirement id (`1.2`, `FR1`, `NFR-3`, `R1.2`, `Requirement 2`, `需求 2`), or null when the text is not one. */
export function parseRequirementId(text: string): RequirementId | null {
  const t = text.trim().replace(/^[*_`]+|[*_`]+$/g, '').replace(/\.$/, '');
  const m = ID_RE.exec(t);
  if (!m || t.slice(m[0].length).trim()) return null;
  return { prefix: (m[1] ?? '').toUpperCase(), parts: m[2].split('.').map((n) => String(Number(n))) };
}

const keyOf = (prefix: string, parts: readonly string[]) => `${prefix}${parts.join('.')}`;

/** The section keys an id may resolve to, most precise first. */
function candidates(id: RequirementId): string[] {
  const out = [keyOf(id.prefix, id.parts), keyOf(id.prefix, id.parts.slice(0, 1))];
  // `R1.2` and `REQ1` cite Kiro's `### Requirement 1`; a plain `1` may cite `### R1`.
  if (id.prefix === 'R' || id.prefix === 'REQ') out.push(keyOf('', id.parts), keyOf('', id.parts.slice(0, 1)));
  if (!id.prefix) out.push(keyOf('R', id.parts.slice(0, 1)), keyOf('REQ', id.parts.slice(0, 1)));
  return [...new Set(out)];
}

interface Section {
  key: string;
  start: number;
  end: number;
}

const HEADING_RE = /^(#{1,6})[ \t]+(.*)$/;
/** `- **FR2**: …`, `**NFR-1** …`, `* FR3: …` */
const ITEM_RE = /^([ \t]*)(?:[-*+][ \t]+)?\*\*([a-z]{1,5}[-_ ]?\d+(?:\.\d+)*)\*\*|^([ \t]*)[-*+][ \t]+([a-z]{1,5}[-_]?\d+(?:\.\d+)*)[ \t]*[:：]/i;
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;

function sectionsOf(lines: readonly string[]): Section[] {
  const sections: Section[] = [];
  let open: { key: string; start: number; level: number } | null = null;
  const close = (end: number) => {
    if (open) sections.push({ key: open.key, start: open.start, end });
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const h = HEADING_RE.exec(lines[i]);
    if (h) {
      const level = h[1].length;
      if (open && level <= (open as { level: number }).level) close(i);
      const id = level >= 2 ? parseRequirementId(headingId(h[2])) : null;
      if (id && !open) open = { key: keyOf(id.prefix, id.parts), start: i, level };
      continue;
    }
    if (open) continue; // an item inside a heading's section belongs to it
    const item = ITEM_RE.exec(lines[i]);
    const id = item && parseRequirementId(item[2] ?? item[4]);
    if (!id) continue;
    const indent = indentOf(lines[i]);
    let end = i + 1;
    while (end < lines.length && !HEADING_RE.test(lines[end]) && (lines[end].trim() === '' || indentOf(lines[end]) > indent)) end++;
    while (end > i + 1 && lines[end - 1].trim() === '') end--;
    sections.push({ key: keyOf(id.prefix, id.parts), start: i, end });
    i = end - 1;
  }
  close(lines.length);
  return sections;
}

/** The id a heading starts with: `Requirement 1: Sign in` → `Requirement 1`, `FR-001 — Login` → `FR-001`, `1. Auth` → `1`. */
function headingId(text: string): string {
  const m = /^[*_`]*((?:(?:requirements?|req\.?|需求)[ \t]*[#:：]?[ \t]*)?(?:[a-z]{1,5}[-_ ]?)?\d+(?:\.\d+)*)(?![\w])/i.exec(text.trim());
  return m ? m[1] : '';
}

/**
 * The sections the ids cite, whole and in the order of the file (criteria give each other meaning), then a
 * note for ids that match no section or are not ids. At most `maxChars`.
 */
export function requirementExcerpts(requirements: string | null, ids: readonly string[], maxChars = 6000): string {
  if (!requirements || !ids.length) return '';
  const lines = requirements.split(/\r\n|\n|\r/);
  const sections = sectionsOf(lines);
  const byKey = new Map<string, Section>();
  for (const s of sections) if (!byKey.has(s.key)) byKey.set(s.key, s);
  const picked = new Set<Section>();
  const missing: string[] = [];
  const notIds: string[] = [];
  for (const raw of ids) {
    const id = parseRequirementId(raw);
    if (!id) {
      if (!notIds.includes(raw.trim())) notIds.push(raw.trim());
      continue;
    }
    const hit = candidates(id).map((k) => byKey.get(k)).find(Boolean);
    const shown = keyOf(id.prefix, id.parts.slice(0, 1));
    if (hit) picked.add(hit);
    else if (!missing.includes(shown)) missing.push(shown);
  }
  const notes: string[] = [];
  if (missing.length) notes.push(`(No section found in requirements.md for requirement ${missing.join(', ')}.)`);
  for (const text of notIds) {
    const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    notes.push(`("${shown}" is cited as a requirement but is not a requirement id such as 1.2, FR1 or Requirement 2; no section of requirements.md is picked for it.)`);
  }
  const body = [...picked].sort((a, b) => a.start - b.start).map((s) => lines.slice(s.start, s.end).join('\n').trim());
  const text = [...body, ...notes].join('\n\n');
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n… (cut)` : text;
}
