// Runs up a layer: a shared building block that knows a feature.
import {files} from '../plugins/demo/plugin';

export const all = files;
