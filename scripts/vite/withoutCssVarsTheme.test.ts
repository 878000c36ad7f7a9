import { describe, expect, it } from 'vitest';
import { build, type Plugin, type Rollup } from 'vite';
import { withoutCssVarsThemePlugin } from './withoutCssVarsTheme';

/** The app's theme module built alone, as the admin and the login route get it. */
const buildTheme = async (plugins: Plugin[]): Promise<string> => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, lib: { entry: 'src/theme/theme.ts', formats: ['es'] } },
  })) as Rollup.RollupOutput[];
  return output
    .flatMap((result) => result.output)
    .map((item) => (item.type === 'chunk' ? item.code : ''))
    .join('\n');
};

describe("MUI's CSS-variables theme builder", () => {
  it('[PERF-1] is left out of the build, replaced by a module that says why if it is ever called', async () => {
    const [without, withBuilder] = await Promise.all([buildTheme([withoutCssVarsThemePlugin()]), buildTheme([])]);
    // prepareCssVars comes only with the builder.
    expect(withBuilder).toContain('prepareCssVars');
    expect(without).not.toContain('prepareCssVars');
    expect(without).toContain('left out of this build');
    expect(without.length).toBeLessThan(withBuilder.length - 20_000);
  }, 60_000);
});
