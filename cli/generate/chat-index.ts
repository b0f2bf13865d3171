import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CHAT_INDEX_FORMAT, type ChatIndexFile, type Place } from '../../site/src/chat/search-config.ts'
import { chatIndexData } from '../../site/src/chat/index-path.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { portfolioPassages, projectPassages, type PassageDraft } from './chat-passages.ts'
import { safeJson } from './project-data.ts'

/**
 * The chat's passages, every one of the content's, shipped as data/chat-index.json, which the
 * browser fetches and indexes (MiniSearch) when the chat is first opened. The text is JSON that is
 * safe inside HTML (safeJson), like the other data files. Deterministic: the passages are numbered
 * from 0 in content order.
 */
export function buildChatIndex(portfolio: PassageDraft[], projects: readonly PassageDraft[][]): string {
  const places: Place[] = []
  const placeIds = new Map<string, number>()
  const texts: string[] = []
  const titles: string[] = []
  const placeOf: number[] = []
  for (const { text, title, ...place } of [portfolio, ...projects].flat()) {
    const key = JSON.stringify(place)
    let placeId = placeIds.get(key)
    if (placeId === undefined) {
      placeId = places.push(place) - 1
      placeIds.set(key, placeId)
    }
    texts.push(text)
    titles.push(title)
    placeOf.push(placeId)
  }
  const file: ChatIndexFile = { format: CHAT_INDEX_FORMAT, places, texts, titles, placeOf }
  return safeJson(file)
}

/** The index of compiled content held whole (generate, the dev server). */
export function chatIndexOf(content: CompiledContent): string {
  return buildChatIndex(portfolioPassages(content.portfolio), content.projects.map(projectPassages))
}

/**
 * A build's index: each project's passages are taken as the project is compiled (in whatever order
 * the pool finishes them; a few kB of text each, not its compiled HTML), and the index is built in
 * content order at the end.
 */
export class ChatIndexWriter {
  readonly #projects = new Map<string, PassageDraft[]>()

  keep(project: Record<string, unknown>): void {
    this.#projects.set(String(project.id), projectPassages(project))
  }

  /** Writes data/chat-index.json into `siteDir`; returns its size in bytes. */
  async finish(siteDir: string, portfolio: Record<string, unknown>, order: readonly string[]): Promise<number> {
    const json = buildChatIndex(
      portfolioPassages(portfolio),
      order.map((id) => this.#projects.get(id) ?? []),
    )
    this.#projects.clear()
    await writeFile(path.join(siteDir, chatIndexData.file), json)
    return Buffer.byteLength(json)
  }
}
