// Build side: may read the disk.
import fs from 'node:fs';
import {label} from '../../utils/label';

export const files = () => fs.readdirSync('.').map(label);
