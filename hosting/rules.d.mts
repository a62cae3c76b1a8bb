/** Types of hosting/rules.mjs (see there). */
import type {HostingRules} from '../src/hosting/formats';

declare const rules: HostingRules;
export default rules;
export declare const compressibleTypes: readonly string[];
export declare const markdownAccept: string;
