/** Types of hosting/rules.mjs (see there). */
declare const rules: {
  notFound: string;
  cleanUrls: boolean;
  redirects: Array<{from: string; to: string}>;
  hidden: string[];
  cache: {immutable: string[]; immutableValue: string; otherValue: string};
  headers: Record<string, string>;
  csp: Record<string, string[]>;
  maxInlineScripts: number;
};
export default rules;
