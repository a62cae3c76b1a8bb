/** The few fields of a HTML syntax tree node (hast) that this site's rehype plugins read and write. */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}
