import type { DomainHandlers } from '../router';
import type { SearchService } from './searchService';

/** The contract's search.* commands on the open workspace's search service. */
export function searchHandlers(search: () => SearchService): DomainHandlers<'search'> {
  return {
    'search.start': (p) => search().start(p),
    'search.cancel': async (p) => ({ cancelled: search().cancel(p.searchId) }),
  };
}
