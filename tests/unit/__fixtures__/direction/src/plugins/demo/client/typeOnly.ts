// Keeps the boundary: a type-only import is erased before the browser sees it.
import type {files} from '../plugin';
import {label} from '../../../utils/label';

export type Files = ReturnType<typeof files>;
export const title = (): string => label('demo');
