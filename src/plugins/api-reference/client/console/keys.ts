/** The console's sessionStorage keys: ./state.ts writes them, ../client/TryIt.tsx reads whether the console was open. */

/** The token, the server and the carried path parameter values (./state.ts). */
export const KEPT_KEY = 'launchdeck-api-console';

/** Set while the reader keeps the console open in this tab: the next reference page opens it again. */
export const OPEN_KEY = 'launchdeck-api-console-open';

/** The window event by which the console hands the page's sample tabs their code with the reader's values (detail: code by tab value, or null). */
export const LIVE_SAMPLES_EVENT = 'launchdeck-api-console-samples';
