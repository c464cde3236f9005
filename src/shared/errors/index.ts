import type { Language } from '../i18n/languages';
import type { Messages, TextCatalog } from '../i18n/defineText';
import { errorWords, isErrorWords, type ErrorWords } from './errorWords';
import { checkpointErrorStrings } from './checkpointErrorStrings';
import { contextErrorStrings } from './contextErrorStrings';
import { fileErrorStrings } from './fileErrorStrings';
import { gitErrorStrings } from './gitErrorStrings';
import { inputErrorStrings } from './inputErrorStrings';
import { mcpErrorStrings } from './mcpErrorStrings';
import { modeErrorStrings } from './modeErrorStrings';
import { modelErrorStrings } from './modelErrorStrings';
import { searchErrorStrings } from './searchErrorStrings';
import { terminalErrorStrings } from './terminalErrorStrings';
import { toolErrorStrings } from './toolErrorStrings';
import { specErrorStrings } from './specErrorStrings';
import { sessionErrorStrings } from './sessionErrorStrings';
import { settingsErrorStrings } from './settingsErrorStrings';
import { sessionReasonStrings } from './sessionReasonStrings';
import { policyReasonStrings } from './policyReasonStrings';
import { assessReasonStrings } from './assessReasonStrings';
import { sandboxErrorStrings } from './sandboxErrorStrings';

export * from './errorWords';
export * from './sessionReasons';
export * from './inputRules';
export { checkValues } from './assessReasonStrings';

/** A list of names for a message: the first `max`, and how many more (`files`, `more` of the catalogs). */
export function listedNames(names: readonly string[], max: number): [string, number] {
  return [names.slice(0, max).join(', '), Math.max(0, names.length - max)];
}

/**
 * The shared error catalogs (issue 14), by domain: the key `file.notFound` is the message `notFound` of the `file`
 * catalog. The core throws words of these (`new AkiraError('not_found', fileErrors.notFound(path))`); the UI and the
 * CLI say them in their language with `errorText`. A new domain: a `<domain>ErrorStrings.ts` here, listed below.
 */
const errorCatalogs = {
  file: fileErrorStrings,
  input: inputErrorStrings,
  git: gitErrorStrings,
  checkpoint: checkpointErrorStrings,
  settings: settingsErrorStrings,
  session: sessionErrorStrings,
  model: modelErrorStrings,
  search: searchErrorStrings,
  terminal: terminalErrorStrings,
  mcp: mcpErrorStrings,
  mode: modeErrorStrings,
  spec: specErrorStrings,
  tool: toolErrorStrings,
  context: contextErrorStrings,
  reason: sessionReasonStrings,
  policy: policyReasonStrings,
  assess: assessReasonStrings,
  sandbox: sandboxErrorStrings,
} satisfies Record<string, TextCatalog<Messages>>;

export const fileErrors = errorWords('file', fileErrorStrings);
export const inputErrors = errorWords('input', inputErrorStrings);
export const gitErrors = errorWords('git', gitErrorStrings);
export const checkpointErrors = errorWords('checkpoint', checkpointErrorStrings);
export const settingsErrors = errorWords('settings', settingsErrorStrings);
export const sessionErrors = errorWords('session', sessionErrorStrings);
export const modelErrors = errorWords('model', modelErrorStrings);
export const searchErrors = errorWords('search', searchErrorStrings);
export const terminalErrors = errorWords('terminal', terminalErrorStrings);
export const mcpErrors = errorWords('mcp', mcpErrorStrings);
/** A broken custom mode file (agent.modes `errors[].words`, settings.get's problems). */
export const modeErrors = errorWords('mode', modeErrorStrings);
export const specErrors = errorWords('spec', specErrorStrings);
/** A mention that could not be attached (context.resolve, the session's context). */
export const contextErrors = errorWords('context', contextErrorStrings);
/** The agent's tool failures as the tool card says them (the model reads the English tool result). */
export const toolErrors = errorWords('tool', toolErrorStrings);
/** The reasons of session events (`reason` in English, `reasonWords` beside it): sessionReasons.ts. */
export const sessionReasons = errorWords('reason', sessionReasonStrings);
/** Why the policy asks (approval cards): `{reason, reasonWords}` with wordsReason. */
export const policyReasons = errorWords('policy', policyReasonStrings);
/** A spec task's quick checks and the reasoning Akira writes about them (`task_assessed.checkWords`, `reasoningWords`). */
export const assessReasons = errorWords('assess', assessReasonStrings);
/** The OS sandbox of the agent's commands (issue 26): why there is none, how to get one, `required` refusing. */
export const sandboxErrors = errorWords('sandbox', sandboxErrorStrings);
export type { GitAction } from './gitErrorStrings';

/** The catalog message for `words` in `language`, or null when this build does not know its key or values. */
export function wordsText(words: ErrorWords, language: Language): string | null {
  if (!isErrorWords(words)) return null;
  const dot = words.key.indexOf('.');
  const domain = words.key.slice(0, dot);
  const name = words.key.slice(dot + 1);
  if (dot < 1 || !Object.hasOwn(errorCatalogs, domain)) return null;
  const catalog = errorCatalogs[domain as keyof typeof errorCatalogs] as TextCatalog<Messages>;
  const messages = (language === 'en' ? catalog.en : catalog['zh-CN']) as Messages;
  if (!Object.hasOwn(messages, name)) return null;
  const message = messages[name];
  if (typeof message === 'string') return message;
  if (words.values.length < message.length) return null;
  try {
    const text = (message as (...values: unknown[]) => string)(...words.values);
    return typeof text === 'string' && text ? text : null;
  } catch {
    return null;
  }
}

/**
 * What to show a person for an error answer: its words in `language` when the catalog knows them, else its
 * `message` (an error without words, or from a server whose catalog is newer than this one).
 */
export function errorText(error: { message: string; words?: unknown }, language: Language): string {
  return (isErrorWords(error.words) && wordsText(error.words, language)) || error.message;
}

/**
 * What to show a person for a reason: its words in `language` when this build's catalog knows them, else the English
 * `reason` (an old log, a reason without words, a key from a newer core).
 */
export function reasonIn<R extends string | null | undefined>(reason: R, words: unknown, language: Language): R | string {
  if (!reason) return reason;
  return (isErrorWords(words) && wordsText(words, language)) || reason;
}
