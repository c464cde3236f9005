import type { z } from 'zod';
import {
  commands,
  isCommandName,
  type CommandName,
  type CommandParams,
  type CommandResult,
  type ContractError,
} from '../../shared/contract';
import { inputErrors } from '../../shared/errors';
import { AkiraError, toContractError } from './errors';
import { inputMessage, inputWords } from './inputWords';
import { ruleOf } from '../../shared/errors';

/** Who is calling: lets handlers tell faces apart (e.g. only the desktop opens arbitrary folders). */
export interface CallContext {
  face: 'desktop' | 'browser' | 'cli' | 'test';
}

export type Handlers = {
  [N in CommandName]: (params: CommandParams<N>, ctx: CallContext) => Promise<CommandResult<N>> | CommandResult<N>;
};

/**
 * One domain's handlers, typed from the contract: `DomainHandlers<'git'>` must answer every `git.*` command.
 * Each domain exports a `…Handlers(…)` function of this type; createCore only composes them.
 */
export type DomainHandlers<D extends string> = Pick<Handlers, Extract<CommandName, `${D}.${string}`>>;

export type RouterAnswer = { result: unknown } | { error: ContractError };

export interface Router {
  /** Validates `rawInput` against the contract, runs the handler, never throws. */
  handle(name: unknown, rawInput: unknown, ctx: CallContext): Promise<RouterAnswer>;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (ruleOf(issue.message) ? inputMessage(issue) : `${issue.path.length ? issue.path.join('.') : 'params'}: ${issue.message}`))
    .join('; ');
}

export function createRouter(handlers: Handlers, options: { validateOutput?: boolean } = {}): Router {
  return {
    async handle(name, rawInput, ctx) {
      if (!isCommandName(name)) {
        return { error: { code: 'unknown_command', message: `Unknown command: ${String(name).slice(0, 100)}` } };
      }
      const def = commands[name];
      const parsed = def.input.safeParse(rawInput ?? undefined);
      if (!parsed.success) {
        const issues = parsed.error.issues;
        const fields = issues.slice(0, 50).map((issue) => ({ path: issue.path.join('.'), message: inputMessage(issue), words: inputWords(issue, rawInput, 0) }));
        const words = inputWords(issues[0]!, rawInput, issues.length - 1);
        return { error: { code: 'bad_request', message: `Invalid params for ${name}: ${describeIssues(parsed.error)}`, details: { fields }, words } };
      }
      try {
        const handler = handlers[name] as (p: unknown, c: CallContext) => unknown;
        const result = await handler(parsed.data, ctx);
        if (options.validateOutput) {
          const checked = def.output.safeParse(result);
          if (!checked.success) {
            throw new AkiraError('internal', inputErrors.invalidResult(name, describeIssues(checked.error)));
          }
        }
        return { result: result ?? null };
      } catch (err) {
        return { error: toContractError(err) };
      }
    },
  };
}
