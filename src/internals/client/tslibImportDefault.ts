/**
 * The only tslib helper that @docusaurus/utils-common uses (see
 * trimClientBundle.ts), with tslib's own behaviour.
 */
export function __importDefault<T>(mod: T): T | {default: T} {
  return mod && (mod as {__esModule?: boolean}).__esModule ? mod : {default: mod};
}
