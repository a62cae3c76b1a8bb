// Breaks the boundary: a value import of build-side code.
import {files} from '../plugin';

export const count = (): number => files().length;
