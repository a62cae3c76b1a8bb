/**
 * The search engine of the site: what a query means and which pages answer
 * it best. It runs in the search worker (src/plugins/search/client/worker.ts) and, for
 * `npm run search:eval`, in Node on the same index files. How it ranks is
 * written down in src/plugins/search/README.md.
 *
 * This module is the engine's front: callers import from here only. The
 * work is done in the modules beside it: ./siteIndex.ts (what the engine
 * knows about the site), ./query.ts and ./intent.ts (reading a query),
 * ./ranking.ts (ranking pages), ./weights.ts (the numbers) and ./types.ts.
 */
import {parseQuery} from './query';
import {rank} from './ranking';
import {SiteIndex} from './siteIndex';
import type {ParsedQuery, SearchOptions, SearchOutcome} from './types';

export {editDistance} from './query';
export type {Alternative, Concept, Hit, Intent, ParsedQuery, SearchOptions, SearchOutcome, Target} from './types';
export {CUTOFF, INTENT, LABEL, MATCH, SCORE} from './weights';

/** The index of one site (from its first tier, then its body text as it arrives), and the searches on it. */
export class SearchEngine extends SiteIndex {
  /** Reads a query: its concepts (each word with its synonyms and corrections) and its intent. */
  parse(query: string, typing = false): ParsedQuery {
    return parseQuery(this, query, typing);
  }

  /** The pages that answer a query, best first. */
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    return rank(this, this.parse(query, options.typing ?? false), options);
  }
}
