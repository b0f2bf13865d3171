import type { Store } from '../cache/store.ts'
import type { CheckedContent } from '../content/check-content.ts'
import { assert } from '../errors.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { writeFiles } from '../generate/write-files.ts'
import { generatedDirectory } from '../paths.ts'
import { socialCardSpecs, writeSocialCards } from '../social/social-images.ts'
import { buildSite, type SiteBuild } from './build-site.ts'

/**
 * The two steps of a build that start while the content is still being checked, and are awaited
 * later (run.ts): the app's Vite build, as soon as portfolio.yaml is valid (the app holds no
 * project), and the social cards, as soon as every file is checked. Each is awaited in any case
 * before the build's work folders go, whether the build went on or stopped.
 */

export interface AppRequest {
  root: string
  base: string
  clientDir: string
  serverDir: string
  store: Store | undefined
}

/** The app build: the site's modules for the portfolio alone, then Vite (or the app from the store). */
export class AppBuild {
  #building: Promise<SiteBuild> | undefined

  /** `onRequested` is called once Vite has its request (or the app came from the store, or it failed). */
  constructor(
    private readonly request: AppRequest,
    private readonly onRequested: () => void,
  ) {}

  get started(): boolean {
    return this.#building !== undefined
  }

  start(portfolio: Record<string, unknown>): void {
    const { root, base, clientDir, serverDir, store } = this.request
    this.#building = (async () => {
      await writeFiles(
        generatedDirectory,
        generateContentModules({ portfolio, projects: [] }, await generateTypes(), { data: false }),
      )
      return buildSite({ root, base, clientDir, serverDir, store: store ?? false, onStarted: this.onRequested })
    })().finally(this.onRequested)
    this.#building.catch(() => undefined) // awaited by result(), or by settled() when the content has errors
  }

  result(): Promise<SiteBuild> {
    assert(this.#building, 'the app build was not started')
    return this.#building
  }

  /** Done, whatever its outcome. */
  async settled(): Promise<void> {
    await this.#building?.catch(() => undefined)
  }
}

/**
 * The social cards, drawn in this thread from the checked content (titles, descriptions, tags, the
 * owner), through the projects' compiling and diagrams, the Vite build and the prerender. Not before
 * the app build has its request, though (see hold): it is the longest step of a small site's build.
 */
export class CardDrawing {
  #content: CheckedContent | undefined
  #held = false
  #drawing: Promise<{ files: string[]; ms: number }> | undefined
  readonly #stop = new AbortController()

  /** `site`: the output folder, whose cards (the previous build's) are taken again where unchanged. */
  constructor(
    private readonly folder: string,
    private readonly store: Store | undefined,
    private readonly site: string,
  ) {}

  /** The content is checked: the cards are drawn from now on, unless held. */
  draw(content: CheckedContent): void {
    this.#content = content
    if (!this.#held) this.#start()
  }

  /** Waits for release() (or drawNow()) before drawing. */
  hold(): void {
    this.#held = true
  }

  release(): void {
    this.#held = false
    this.#start()
  }

  /** Valid content whose app build has not sent its request yet (a quick check, a slow lookup): the cards go now. */
  drawNow(): void {
    this.#start()
  }

  result(): Promise<{ files: string[]; ms: number }> {
    assert(this.#drawing, 'the social cards were not started with the checked content')
    return this.#drawing
  }

  /** The build failed: no card is drawn after this. */
  stop(reason: Error): void {
    this.#stop.abort(reason)
  }

  async settled(): Promise<void> {
    await this.#drawing?.catch(() => undefined)
  }

  #start(): void {
    if (!this.#content || this.#drawing) return
    const started = performance.now()
    const specs = socialCardSpecs(this.#content)
    // The checked data is as large as the content: the rest of the build lets it go.
    this.#content = undefined
    this.#drawing = writeSocialCards(this.folder, specs, this.store, {
      signal: this.#stop.signal,
      site: this.site,
    }).then((files) => ({ files, ms: performance.now() - started }))
    this.#drawing.catch(() => undefined) // awaited by result(), or by settled() when an earlier step fails
  }
}
