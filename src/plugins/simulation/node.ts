/**
 * The simulation in Node, for the tests and the docs runner: the data made
 * from the contract and the facts (./simData.ts), the contract's checks
 * compiled by Ajv at run time (./validators.ts), every response checked
 * against the contract. Both are made once per process and shared by every
 * fresh simulation.
 */
import path from 'node:path';
import {urls} from '../../config/urls';
import {Simulation, type SimOptions} from './client/engine/engine';
import type {SimData, Validators} from './client/engine/types';
import {loadSources, simDataOf} from './simData';
import {runtimeValidators} from './validators';

const siteDir = path.resolve(__dirname, '../../..');
let shared: {data: SimData; validators: Required<Validators>} | undefined;

function sources(): {data: SimData; validators: Required<Validators>} {
  if (!shared) {
    const {contract, facts} = loadSources(siteDir);
    shared = {data: simDataOf(contract, facts, urls.api), validators: runtimeValidators(contract)};
  }
  return shared;
}

/** A fresh simulation of the sample world. */
export function createSimulation(options: SimOptions = {}): Simulation {
  const {data, validators} = sources();
  return new Simulation(structuredClone(data), validators, options);
}

export {Simulation};
export type {SimData};
