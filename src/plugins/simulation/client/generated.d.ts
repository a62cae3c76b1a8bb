/** The modules ../plugin.ts writes at build time (Docusaurus's `@generated` folder). */
declare module '@generated/launchdeck-simulation/default/data.json' {
  const data: import('./engine/types').SimData;
  export default data;
}

/** Ajv standalone validators of the requests: `b_<operationId>` (body) and `p_<operationId>` (parameters). */
declare module '@generated/launchdeck-simulation/default/requests.js' {
  const validators: Record<string, import('./validation').CompiledValidator>;
  export = validators;
}

/** Ajv standalone validators of the success responses: `r_<operationId>_<status>`. */
declare module '@generated/launchdeck-simulation/default/responses.js' {
  const validators: Record<string, import('./validation').CompiledValidator>;
  export = validators;
}

/** The request validators of one resource's operations, for the API console: `b_<operationId>` and `p_<operationId>`. */
declare module '@generated/launchdeck-simulation/default/resources/*' {
  const validators: Record<string, import('./validation').CompiledValidator>;
  export = validators;
}
