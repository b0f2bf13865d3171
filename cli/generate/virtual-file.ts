/** A generated module: written into the site's generated folder, or handed to Vite as is (vite-builds.ts). */
export interface VirtualFile {
  /** Relative to the generated folder, posix separators. */
  path: string
  contents: string
}
