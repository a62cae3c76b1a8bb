/**
 * The site's config with source maps for the browser's JavaScript: what `npm run profile` (scripts/profile.mjs)
 * builds, so that a CPU profile names the modules it spent its time in. Never deployed.
 */
import type {Config} from '@docusaurus/types';
import config from '../docusaurus.config';

const withSourceMaps: Config = {
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    () => ({
      name: 'launchdeck-profile-source-maps',
      configureWebpack: (_config: unknown, isServer: boolean) => (isServer ? {} : {devtool: 'source-map'}),
    }),
  ],
};

export default withSourceMaps;
