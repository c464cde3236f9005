import { prettyInput } from './CardParts';

/**
 * A tool call's input in words for its card (issue 27, defect 16): `edit_file` as its file and each replacement as
 * the old lines (−) over the new ones (+), not the JSON the model wrote; other tools as `name: value` lines (prettyInput).
 */

export function editFileText(input: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { path, edits } = value as { path?: unknown; edits?: unknown };
  if (typeof path !== 'string' || !Array.isArray(edits)) return null;
  const blocks = edits.map((e) => {
    const { search, replace } = (e ?? {}) as { search?: unknown; replace?: unknown };
    const side = (text: unknown, sign: string) => (typeof text === 'string' ? text.split('\n').map((l) => `${sign} ${l}`) : []);
    return [...side(search, '−'), ...side(replace, '+')].join('\n');
  });
  return [path, ...blocks].join('\n\n');
}

export function toolInputText(tool: string, input: string): string {
  return (tool === 'edit_file' ? editFileText(input) : null) ?? prettyInput(input);
}
