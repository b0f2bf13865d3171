import type { ParsedDocument } from './parse-yaml.ts'

/**
 * Parsed files by relative path. A file checked in a worker thread has no ParsedDocument here (yaml
 * nodes cannot cross threads), only a way to make one: it is parsed again, in this thread, the first
 * time something asks for it. On valid content nothing asks, so the second parse costs nothing;
 * when a cross-file rule or a compile error needs a position, it gets the same document a parse in
 * this thread would have given.
 */
export class ParsedDocuments extends Map<string, ParsedDocument> {
  #pending = new Map<string, () => ParsedDocument>()
  /** Every key in first-insertion order, so iteration matches a map filled eagerly. */
  #order: string[] = []

  setLazy(file: string, parse: () => ParsedDocument): this {
    if (!this.has(file)) this.#order.push(file)
    super.delete(file)
    this.#pending.set(file, parse)
    return this
  }

  override set(file: string, parsed: ParsedDocument): this {
    if (!this.has(file)) this.#order.push(file)
    this.#pending.delete(file)
    return super.set(file, parsed)
  }

  override get(file: string): ParsedDocument | undefined {
    const parse = this.#pending.get(file)
    if (!parse) return super.get(file)
    this.#pending.delete(file)
    const parsed = parse()
    super.set(file, parsed)
    return parsed
  }

  override has(file: string): boolean {
    return super.has(file) || this.#pending.has(file)
  }

  override get size(): number {
    return super.size + this.#pending.size
  }

  override delete(file: string): boolean {
    const had = this.has(file)
    this.#pending.delete(file)
    super.delete(file)
    if (had) this.#order.splice(this.#order.indexOf(file), 1)
    return had
  }

  override clear(): void {
    this.#pending.clear()
    this.#order = []
    super.clear()
  }

  override forEach(
    callback: (value: ParsedDocument, key: string, map: Map<string, ParsedDocument>) => void,
    thisArg?: unknown,
  ): void {
    this.#materialize()
    super.forEach(callback, thisArg)
  }

  override entries(): MapIterator<[string, ParsedDocument]> {
    this.#materialize()
    return super.entries()
  }

  override keys(): MapIterator<string> {
    this.#materialize()
    return super.keys()
  }

  override values(): MapIterator<ParsedDocument> {
    this.#materialize()
    return super.values()
  }

  override [Symbol.iterator](): MapIterator<[string, ParsedDocument]> {
    return this.entries()
  }

  /** Whoever iterates wants every document: parse the rest and restore insertion order. */
  #materialize(): void {
    if (this.#pending.size === 0) return
    const all = this.#order.map((file) => [file, this.get(file) as ParsedDocument] as const)
    super.clear()
    for (const [file, parsed] of all) super.set(file, parsed)
  }
}
