import path from 'node:path';

/**
 * The directory of an installed package, found through its package.json without loading
 * the package: the browser pages (Swagger UI, GraphiQL) serve files from packages whose
 * entry points are browser bundles, and evaluating one of those in the service would cost
 * start-up time and run browser code in Node (Swagger UI's bundle probes `localStorage`,
 * which makes Node 25 and later print a warning on every start).
 */
export function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}
