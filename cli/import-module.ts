/**
 * import() for an ES module outside the CLI's own code: Vite, a package loaded on demand, a site's
 * server bundle. Why not import() itself: the compiled CLI runs from a V8 code cache
 * (bin/compiled-cli.mjs), and code V8 takes from a code cache has lost what Node needs to answer its
 * import() (V8 keeps the embedder's options for it in the cache: nodejs/node#35375, #43663), which
 * then fails with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. So the loader hands the bundle its own
 * import() as __portfolioImport; anywhere else (the CLI run by tsx, a worker) this is import().
 */
declare const __portfolioImport: ((specifier: string) => Promise<unknown>) | undefined

export function importModule<T>(specifier: string): Promise<T> {
  return (typeof __portfolioImport === 'function' ? __portfolioImport(specifier) : import(specifier)) as Promise<T>
}
