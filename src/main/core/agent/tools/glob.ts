/** The glob matcher lives in src/main/common (the rules files match their globs with it too). */
export { GlobError, globMatcher, globToRegExp } from '../../../common/glob';
