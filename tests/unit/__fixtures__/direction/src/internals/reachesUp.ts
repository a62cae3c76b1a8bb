// Runs up a layer: the platform that knows a feature.
import {widget} from '../plugins/demo/client/widget';

export const name = widget;
