import {createContext, useContext} from 'react';

/**
 * Descriptions for the cards of one card list (doc id to description), added
 * to the page at build time by src/plugins/cards/remarkCardDescriptions.ts. Doc ids and
 * routes follow src/utils/docRoutes.ts.
 */
export const CardDescriptionsContext = createContext<Record<string, string>>({});

export const useCardDescriptions = (): Record<string, string> => useContext(CardDescriptionsContext);

/** Parses the `descriptions` attribute; an invalid one just means no descriptions. */
export function parseCardDescriptions(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}
