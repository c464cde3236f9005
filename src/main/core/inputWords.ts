import type { z } from 'zod';
import { inputErrors, plainWords, ruleOf, settingsErrors, type ErrorWords, type WordValue, type Words } from '../../shared/errors';

/** The value at `path` in the raw input (undefined when a step is missing). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/**
 * One zod problem of a command's input in words a person reads (issue 14): which field and why, e.g. `task must not
 * be empty`, `edits.0.search is missing`. `more` is how many other problems there are.
 */
export function inputWords(issue: z.core.$ZodIssue, rawInput: unknown, more: number): ErrorWords {
  return plainWords(inputSaid(issue, rawInput, more));
}

/**
 * The English of a problem for the API's message and `details.fields[].message`: a contract rule's words (its zod
 * message is only the rule's marker), else zod's own message.
 */
export function inputMessage(issue: z.core.$ZodIssue): string {
  return ruleWords(issue)?.en ?? issue.message;
}

/**
 * The words of a problem whose zod message is a rule's marker (`inputRule`, `settingsRule`), English included, the
 * field named by the issue's path; null for zod's own messages.
 */
export function ruleWords(issue: z.core.$ZodIssue): Words | null {
  return ruleOf(issue.message) ? inputSaid(issue, undefined, 0) : null;
}

function inputSaid(issue: z.core.$ZodIssue, rawInput: unknown, more: number): Words {
  const field = issue.path.map(String).join('.');
  const rule = ruleOf(issue.message);
  if (rule?.domain === 'settings') return (settingsErrors[rule.rule] as (...values: WordValue[]) => Words)(field, ...rule.values);
  if (rule) return (inputErrors[rule.rule] as (...values: WordValue[]) => Words)(field, ...rule.values, more);
  return ((): Words => {
    switch (issue.code) {
      case 'invalid_type':
        if (valueAt(rawInput, issue.path) === undefined) return inputErrors.missing(field, more);
        return inputErrors.wrongType(field, issue.expected, more);
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return inputErrors.empty(field, more);
        if (issue.origin === 'number' && issue.inclusive === false) return inputErrors.above(field, Number(issue.minimum), more);
        return inputErrors.tooSmall(field, issue.origin, Number(issue.minimum), more);
      case 'too_big':
        if (issue.origin === 'number' && issue.inclusive === false) return inputErrors.below(field, Number(issue.maximum), more);
        return inputErrors.tooBig(field, issue.origin, Number(issue.maximum), more);
      case 'invalid_value':
        return inputErrors.notOneOf(field, issue.values.slice(0, 20).map(shown).join(', '), more);
      case 'invalid_format':
        return inputErrors.badFormat(field, issue.format, more);
      case 'unrecognized_keys':
        return inputErrors.unknownFields(field, issue.keys.slice(0, 20).join(', '), more);
      default:
        return inputErrors.invalid(field, issue.message, more);
    }
  })();
}

/**
 * zod's problems with a settings file's section as `details.fields`: each field's dotted path, zod's English and
 * its words. `prefix` is where the section sits in `file` (the whole file's JSON, to tell a missing field), e.g.
 * `['agent', 'policy']`.
 */
export function issueFields(
  issues: readonly z.core.$ZodIssue[],
  file: unknown,
  prefix: readonly PropertyKey[] = [],
): { path: string; message: string; words: ErrorWords }[] {
  return issues.slice(0, 50).map((issue) => {
    const inFile = { ...issue, path: [...prefix, ...issue.path] } as z.core.$ZodIssue;
    // An unknown key is the field itself, as the settings view names it (settingsLayers.ts): `agent.policy.limits.maxLoops`.
    const at = issue.code === 'unrecognized_keys' ? [...inFile.path, issue.keys[0]] : inFile.path;
    // A rule's marker is said in its English, naming the field where the file has it.
    const words = inputSaid(inFile, file, 0);
    return { path: at.map(String).join('.'), message: ruleOf(issue.message) ? words.en : issue.message, words: plainWords(words) };
  });
}

/**
 * zod's own text (`text`, English) with the generic words `said` for the same problem, which the other language says;
 * null where those words would only quote zod's English (`input.invalid`).
 */
export function zodSaidWords(text: string, said: ErrorWords): Words | null {
  return said.key === 'input.invalid' ? null : settingsErrors.zodSaid(text, said.key, ...said.values);
}
