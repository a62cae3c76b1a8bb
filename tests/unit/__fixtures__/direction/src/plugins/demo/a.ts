// A cycle: a imports b, which imports a.
import {b} from './b';

export const a = (): number => b() + 1;
