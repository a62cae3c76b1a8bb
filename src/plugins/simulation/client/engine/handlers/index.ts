/**
 * Every operation of the contract, by operationId. The test of the simulation
 * fails when an operation of api/openapi.yaml has no handler here.
 */
import {infrastructure} from './infrastructure';
import type {Handler} from './kit';
import {people} from './people';
import {workloads} from './workloads';

export type {Handler} from './kit';

export const HANDLERS: Record<string, Handler> = {...people, ...infrastructure, ...workloads};
