/** The JSON-mode reply corpus: malformed replies with the expected outcome each. */
import type { CorpusCase } from './corpusTypes';
import { fieldCases } from './fieldCases';
import { syntaxCases } from './syntaxCases';
import { unusableCases } from './unusableCases';

export type { CorpusCase, RepairableExpectation, UnusableExpectation } from './corpusTypes';
export const jsonReplyCorpus: CorpusCase[] = [...syntaxCases, ...fieldCases, ...unusableCases];
