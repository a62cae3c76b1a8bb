/**
 * The error a seam throws when what it relies on upstream is no longer there:
 * its message names the seam, so the maintainer finds it in
 * src/internals/README.md.
 */
export class SeamError extends Error {
  readonly seam: string;

  constructor(seam: string, detail: string) {
    super(`Seam "${seam}" (src/internals/README.md): ${detail}`);
    this.name = 'SeamError';
    this.seam = seam;
  }
}
