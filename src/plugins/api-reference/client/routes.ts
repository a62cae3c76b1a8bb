/** Where the API reference lives under docs/ and on the site (kept apart so remark plugins load no generator). */
import type {Operation} from '../contract';

export const REFERENCE_DIR = 'api/reference';

/**
 * Files the build serves as they are, generated like the reference pages and
 * never committed (docusaurus.config.ts lists the folder in staticDirectories).
 */
export const GENERATED_STATIC_DIR = '.generated/static';

/** Where the API console's stylesheet (src/plugins/api-reference/client/console/console.css) is served. */
export const CONSOLE_CSS = '/api-console/console.css';

/** Where an operation's API console data is served: fetched when a reader opens the console, so no page or bundle carries it. */
export const consoleDataPath = (op: Pick<Operation, 'slug'> & {resource: {slug: string}}): string => `/api-console/${op.resource.slug}/${op.slug}.json`;
export const referenceRoute = (op: Pick<Operation, 'slug'> & {resource: {slug: string}}): string => `/docs/${REFERENCE_DIR}/${op.resource.slug}/${op.slug}`;
