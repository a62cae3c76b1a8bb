export const widget = 'widget';
