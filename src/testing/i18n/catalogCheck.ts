import type { Messages, TextCatalog } from '../../shared/i18n';

/**
 * What `i18n/catalogs.test.ts` finds wrong with one catalog: a key missing from a language, a message of another
 * kind or with other values there, an empty one, or a Chinese message left in English. Names and keys that are
 * the same in every language (Akira, Git, JSON, key names) may stay as they are.
 */
const SAME_IN_EVERY_LANGUAGE = /\b(Akira|Git|GitHub|JSON|MCP|TODOs?|API|URL|HTTP|SSE|OpenAI|OpenRouter|Claude|Gemini|Cline|Cursor|Windsurf|Roo|Copilot|Kiro|OpenSpec|Ollama|LM Studio|vLLM|Monaco|Ctrl|Cmd|Shift|Alt|Enter|Esc|Tab|Backspace|Delete|Home|End|PgUp|PgDn|stdio|stderr|stdout|diff|regex|glob|tsc|ESLint|ruff|AGENTS\.md|settings\.json|npm|bash|zsh|ms|px|KB|MB|GB|OK)\b/g;

export function catalogProblems(name: string, catalog: TextCatalog<Messages>): string[] {
  const problems: string[] = [];
  const en = catalog.en as Messages;
  const zh = catalog['zh-CN'] as Messages;
  for (const key of Object.keys(en)) {
    const a = en[key];
    const b = zh[key];
    if (b === undefined) {
      problems.push(`${name}.${key}: missing in zh-CN`);
      continue;
    }
    if (typeof a !== typeof b) problems.push(`${name}.${key}: a ${typeof a} in en but a ${typeof b} in zh-CN`);
    else if (typeof a === 'function' && typeof b === 'function' && a.length !== b.length)
      problems.push(`${name}.${key}: takes ${a.length} values in en but ${b.length} in zh-CN`);
    else if (typeof a === 'string' && typeof b === 'string') {
      if (!a.trim() || !b.trim()) problems.push(`${name}.${key}: empty`);
      else if (a === b && /[a-z]{2,}/.test(a.replace(SAME_IN_EVERY_LANGUAGE, ''))) problems.push(`${name}.${key}: not translated ("${a}")`);
    }
  }
  for (const key of Object.keys(zh)) if (!(key in en)) problems.push(`${name}.${key}: in zh-CN but not in en`);
  return problems;
}
