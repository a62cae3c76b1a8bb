// Types of lib/site.mjs, which scripts/bundle.mjs makes from the site's TypeScript (the bundle is generated, these
// types are not): one re-export per entry of SITE_MODULES there, which test/package.test.mjs holds them to.
export {SearchEngine, editDistance} from '../../src/plugins/search/client/engine/engine.ts';
export {
  contractOf,
  requiredPermission,
  tokenTypes,
  isPublic,
  responsesOf,
  requestBody,
  typeOf,
  statusText,
} from '../../src/plugins/api-reference/contract.ts';
export {findOperation} from '../../src/plugins/api-reference/calls.ts';
export {samplesFor} from '../../src/plugins/api-reference/samples.ts';
