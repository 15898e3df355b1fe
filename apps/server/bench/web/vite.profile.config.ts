import type { PluginOption, UserConfig } from 'vite';
import shop from '../../../web/vite.config';

/**
 * The web app's own build, unminified, for `profile.ts`: function names stay, and the bundler marks
 * each module's code with `//#region <module>`. Without the first-load budget, which unminified code
 * cannot meet and which the ordinary build keeps checking. Run in apps/web:
 * `npx vite build -c ../server/bench/web/vite.profile.config.ts`.
 */
const config = shop as UserConfig;

const withoutBudget = (plugins: PluginOption[] = []): PluginOption[] =>
  plugins
    .flat()
    .filter(
      (plugin) =>
        !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'shop:bundle-budget'),
    );

export default {
  ...config,
  plugins: withoutBudget(config.plugins),
  build: { ...config.build, minify: false },
} satisfies UserConfig;
