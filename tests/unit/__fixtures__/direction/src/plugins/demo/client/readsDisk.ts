// Breaks the boundary: the browser has no file system.
import fs from 'node:fs';

export const exists = (file: string): boolean => fs.existsSync(file);
