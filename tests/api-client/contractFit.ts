/**
 * The generated types (./schema.ts) against Akira's own contract (`akira-contract`: src/shared/contract.ts,
 * mapped by the test's tsconfig), for every command and event at once, checked by `tsc --strict`:
 * - every input the contract takes is a body the client accepts (a param with a default is never required);
 * - every result and every event payload the contract gives fits the generated type.
 * A command or event that does not fit is named in the compiler's error.
 */
import type { CommandInput, CommandName, CommandResult, EventData, EventName } from 'akira-contract';
import type { components, paths } from './schema';

type Post<N extends CommandName> = paths[`/api/${N}`]['post'];
type Body<N extends CommandName> = Post<N> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Result<N extends CommandName> = Post<N>['responses'][200]['content']['application/json']['result'];

type InputsFit = { [N in CommandName]: Exclude<CommandInput<N>, undefined> extends Body<N> ? true : false };
type ResultsFit = { [N in CommandName]: CommandResult<N> extends Result<N> ? true : false };
type EventsFit = { [N in EventName]: EventData<N> extends components['schemas'][`event.${N}`] ? true : false };

/** The names that fail a check, as required keys: `{}` is only assignable when there are none (tsc lists them). */
type Failing<T, Why extends string> = { [K in keyof T as T[K] extends true ? never : K]: Why };

export const inputs: Failing<InputsFit, 'an input the contract takes is not a body the client accepts'> = {};
export const results: Failing<ResultsFit, 'a result the contract gives does not fit the generated type'> = {};
export const events: Failing<EventsFit, 'a payload the contract gives does not fit the generated type'> = {};
