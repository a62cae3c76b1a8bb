/** Types of src/plugins/hosting/rules.mjs (see there). */
import type {HostingRules} from './formats';

declare const rules: HostingRules;
export default rules;
export declare const compressibleTypes: readonly string[];
export declare const markdownAccept: string;
