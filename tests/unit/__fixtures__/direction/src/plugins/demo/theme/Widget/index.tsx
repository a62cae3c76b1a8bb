// Breaks the boundary through another file: readsDisk imports node:fs.
import {exists} from '../../client/readsDisk';

export default function Widget(): string {
  return String(exists('x'));
}
