import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { ResvgRenderOptions, Resvg as PackageResvg } from '@resvg/resvg-js'

export type { ResvgRenderOptions }

const require = createRequire(import.meta.url)

/** What resvg's native binding exports: its Resvg takes the options as JSON text. */
interface NativeBinding {
  Resvg: new (svg: string | Buffer, options?: string) => PackageResvg
}

/**
 * resvg's native binding, loaded as the package's own loader would, without that loader on Linux:
 * it asks `process.report.getReport()` whether libc is musl, which builds a whole diagnostic report
 * (every handle, every network interface) for one field: 4-13 ms in each thread that draws cards,
 * the main thread's on a shipped build's critical path. libc is told here the way napi-rs's newer
 * loaders tell it, from the ldd script; wherever that cannot decide, or the binding does not load,
 * the package's loader runs as before.
 */
function nativeBinding(): NativeBinding | undefined {
  if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64')) return undefined
  let ldd: string
  try {
    ldd = readFileSync('/usr/bin/ldd', 'latin1')
  } catch {
    return undefined
  }
  const name = `linux-${process.arch}-${ldd.includes('musl') ? 'musl' : 'gnu'}`
  try {
    // Where the package's loader looks: a binding beside it, else its platform package, resolved from it.
    const entry = require.resolve('@resvg/resvg-js')
    const local = path.join(path.dirname(entry), `resvgjs.${name}.node`)
    return (existsSync(local) ? require(local) : createRequire(entry)(`@resvg/resvg-js-${name}`)) as NativeBinding
  } catch {
    return undefined
  }
}

function loadResvg(): typeof PackageResvg {
  const native = nativeBinding()
  if (!native) return (require('@resvg/resvg-js') as { Resvg: typeof PackageResvg }).Resvg
  // The package's wrapper, as its index.js defines it: the options go to the binding as JSON.
  return class Resvg extends native.Resvg {
    constructor(svg: string | Buffer, options?: ResvgRenderOptions) {
      super(svg, JSON.stringify(options))
    }
  } as unknown as typeof PackageResvg
}

export const Resvg = loadResvg()
export type Resvg = PackageResvg
