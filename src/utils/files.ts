/** Every file under a folder, at any depth, as paths joined to `dir`; none when the folder doesn't exist. */
import fs from 'node:fs';
import path from 'node:path';

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
