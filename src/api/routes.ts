/** Where the API reference lives under docs/ and on the site (kept apart so remark plugins load no generator). */
import type {Operation} from './contract';

export const REFERENCE_DIR = 'api/reference';
export const referenceRoute = (op: Pick<Operation, 'slug'> & {resource: {slug: string}}): string => `/docs/${REFERENCE_DIR}/${op.resource.slug}/${op.slug}`;
