import type { Plugin } from 'vite';

/**
 * FortuneSheet 1.0.4 (@fortune-sheet/core) inserts rows by building code at run time:
 * `new Function("d", "return d.splice(" + index + ", 0, " + rows.join(",") + ")")(d)`, where
 * `rows` holds JSON.stringify'd rows. Folio's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses that, so "Insert row" threw half-way. We keep the CSP and rewrite those
 * calls at build time into the same splice/unshift on the parsed rows. The build fails when the
 * expected calls are not all found or any `new Function` is left in the package, so a FortuneSheet
 * upgrade that changes this code is noticed instead of silently breaking inserts again.
 */

/** The package's dist files (ESM for the browser build; the CommonJS twin has the same code). */
const TARGET = /[\\/]@fortune-sheet[\\/]core[\\/]dist[\\/]index(\.esm)?\.js$/;
/** Row inserts in 1.0.4: one unshift (above row 0) and two splices (above / below a row). */
export const EXPECTED_REWRITES = 3;

const PARSE = 'function (s) { return JSON.parse(s); }';
const UNSHIFT = /new Function\("d", "return d\.unshift\("\.concat\((\w+)\.join\(","\), "\)"\)\)\((\w+)\)/g;
const SPLICE = /new Function\("d", "return d\.splice\("\.concat\(([\w\s+-]+?), ", 0, "\)\.concat\((\w+)\.join\(","\), "\)"\)\)\((\w+)\)/g;

/** Rewrites FortuneSheet's eval'd row inserts; throws when the code is not what 1.0.4 ships. */
export function rewriteFortuneSheetEval(code: string, file = '@fortune-sheet/core'): string {
  let count = 0;
  const out = code
    .replace(UNSHIFT, (_m, rows: string, d: string) => {
      count += 1;
      return `${d}.unshift.apply(${d}, ${rows}.map(${PARSE}))`;
    })
    .replace(SPLICE, (_m, index: string, rows: string, d: string) => {
      count += 1;
      return `${d}.splice.apply(${d}, [${index}, 0].concat(${rows}.map(${PARSE})))`;
    });
  if (count !== EXPECTED_REWRITES) {
    throw new Error(
      `fortuneSheetNoEval: expected ${EXPECTED_REWRITES} eval'd row inserts in ${file}, found ${count}; FortuneSheet changed, update web/build/fortuneSheetNoEval.ts`,
    );
  }
  if (/new Function\s*\(/.test(out)) {
    throw new Error(
      `fortuneSheetNoEval: ${file} still calls new Function after the rewrite, which Folio's CSP refuses; update web/build/fortuneSheetNoEval.ts`,
    );
  }
  return out;
}

/**
 * The plugin, for the production build (`transform` below) and for the dev server's dependency
 * pre-bundling (optimizeDeps.rolldownOptions.plugins), which does not run Vite's plugins.
 * `requireSeen`: fail the build when the package was never transformed (its path moved).
 */
export function fortuneSheetNoEval(opts: { requireSeen?: boolean } = {}): Plugin {
  let seen = false;
  let building = opts.requireSeen ?? false;
  return {
    name: 'folio:fortune-sheet-no-eval',
    enforce: 'pre',
    configResolved(config) {
      building = (opts.requireSeen ?? true) && config.command === 'build';
    },
    transform(code, id) {
      if (!TARGET.test(id.split('?')[0]!)) return null;
      seen = true;
      try {
        return { code: rewriteFortuneSheetEval(code, id), map: null };
      } catch (err) {
        this.error((err as Error).message);
      }
    },
    buildEnd(err) {
      if (!err && building && !seen) this.error('fortuneSheetNoEval: @fortune-sheet/core/dist was not in the build; update web/build/fortuneSheetNoEval.ts');
    },
  };
}
