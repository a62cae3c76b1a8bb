export const label = (name: string): string => name.toUpperCase();
