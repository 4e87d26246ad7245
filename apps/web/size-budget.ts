import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The limit for the client's JavaScript, gzipped. */
export const JS_BUDGET_BYTES = 200 * 1024;

export function gzippedSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/**
 * Prints the gzipped size of all JavaScript the build emits and fails the build when it passes the
 * budget, so a heavy dependency cannot slip in unnoticed.
 */
export function sizeBudget(budget = JS_BUDGET_BYTES): Plugin {
  return {
    name: 'salient-size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      let total = 0;
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') total += gzippedSize(item.code);
      }
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`JavaScript ${kb(total)} gzipped (budget ${kb(budget)})`);
      if (total > budget) this.error(`the JavaScript is ${kb(total)} gzipped, over the ${kb(budget)} budget`);
    },
  };
}
