/**
 * pngjs ships no types (and @types/pngjs is not installed): the part of it
 * that tests/visual/visual.test.mjs uses, for tsconfig.node.json's check.
 */
declare module 'pngjs' {
  /** A decoded picture: RGBA bytes, four per pixel, row by row. */
  interface DecodedPng {
    width: number;
    height: number;
    data: Buffer;
  }
  export const PNG: {
    sync: {
      read(buffer: Buffer): DecodedPng;
      write(png: DecodedPng): Buffer;
    };
  };
}
