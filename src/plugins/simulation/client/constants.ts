/** The API console's name for the simulation among its servers (src/plugins/api-reference): not a URL, so it can't be sent to. */
export const SIMULATION_SERVER = 'simulation';
export const SIMULATION_LABEL = 'Simulation (in your browser)';
