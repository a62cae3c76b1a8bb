/**
 * What the reader wants from a query: a concept explained, a task done, a
 * problem solved, or the API reference; and which actions a task asks for.
 * Read from the query's words once ./query.ts has found their meanings.
 */
import type {Concept, Intent} from './types';

/** Words a query may start with that ask what something is, rather than how to do it. */
const CONCEPT_QUESTION =
  /^ (what (is|are|s|does|do)|whats|define|definition of|explain|meaning of|overview of|about|intro to|introduction to|difference between|how (does|do|is|are) [a-z0-9 ]+ work|how (is|are) [a-z0-9 ]+ (billed|counted|charged|calculated)|when (do|does|is|are) [a-z0-9 ]+ (reset|expire|renew)) /;
const TASK_QUESTION =
  /^ (how (do|can|should|would|could) (i|we|you)|how to|can (i|we|you)|i (want|need|would like) to|i d like to|steps to|way to|where (do|can) (i|we)|help me) /;
const ERROR_WORDS = new Set(
  'error errors failed fail fails failing failure denied refused timeout timed unable invalid cannot cant couldn couldnt unreachable stuck broken wrong missing rejected forbidden unauthorized exceeded expired conflict exception warning'.split(
    ' ',
  ),
);
/** Words that ask for the API reference rather than a guide ("api" alone doesn't: "api key" is about tokens). */
const API_WORDS = new Set(['endpoint', 'endpoints', 'openapi', 'swagger', 'schema', 'operation', 'operationid']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Words that ask what changed and when: the changelog's entries answer them (never "change" or "update": those are tasks). */
const NEWS_WORDS = new Set([
  'changelog',
  'changed',
  'deprecated',
  'deprecation',
  'deprecations',
  'announcement',
  'announced',
  'release',
  'releases',
  'breaking',
]);

/**
 * The intent of a query, from its text (`query`), its folded words (`raw`,
 * and `spaced`: them joined, with a space at each end) and its concepts.
 */
export function readIntent(query: string, raw: string[], spaced: string, concepts: Concept[]): Intent {
  // The first action word is the task ("remove the step from the deploy
  // pipeline" asks to remove, not to deploy); a "why" question reports a
  // problem rather than asking for a task.
  const whyQuestion = /^ why /.test(spaced);
  const actions = new Set<string>();
  const verb = whyQuestion ? undefined : concepts.find((c) => c.alternatives.some((a) => a.action));
  for (const a of verb?.alternatives ?? []) if (a.action) actions.add(a.action);
  const conceptQuestion = CONCEPT_QUESTION.test(spaced);
  const taskQuestion = TASK_QUESTION.test(spaced);
  const meaningful = concepts.filter((c) => c.weight > 0).length;
  return {
    concept: conceptQuestion && !taskQuestion,
    task: !whyQuestion && (taskQuestion || (actions.size > 0 && !conceptQuestion)),
    error:
      whyQuestion ||
      /[a-z0-9]_[a-z0-9]/i.test(query) ||
      / [45]\d\d /.test(spaced) ||
      raw.some((w) => ERROR_WORDS.has(w)) ||
      /[`"“”]|(^|\s)'[^']+'(\s|$)/.test(query) ||
      meaningful >= 6,
    api:
      raw.some((w) => API_WORDS.has(w)) ||
      / api (reference|spec|docs) /.test(spaced) ||
      / (request|response) (body|schema|fields?|format) /.test(spaced) ||
      // "POST /servers", "/servers/{id}/start", "createServer"
      (raw.some((w) => HTTP_METHODS.has(w)) && /\//.test(query)) ||
      /(^|\s)\/[a-z]/i.test(query) ||
      /\b[a-z]+[A-Z][a-zA-Z]+\b/.test(query),
    news: raw.some((w) => NEWS_WORDS.has(w)) || / (whats|what s) new /.test(spaced) || / new in /.test(spaced),
    actions,
    actionOwnWord: !!verb?.alternatives[0]!.action,
  };
}
