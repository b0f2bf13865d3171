import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parsePositioned, type PositionedFile } from './locate-text.ts'

export const WORKFLOWS = '.github/workflows'

/** The content root's GitHub workflows, parsed with positions, in name order; none when the folder is missing. */
export async function readWorkflows(root: string): Promise<PositionedFile[]> {
  const names = await readdir(path.join(root, WORKFLOWS)).catch(() => [] as string[])
  const files = names.filter((n) => /\.ya?ml$/.test(n)).sort()
  return Promise.all(
    files.map(async (n) => parsePositioned(`${WORKFLOWS}/${n}`, await readFile(path.join(root, WORKFLOWS, n), 'utf8'))),
  )
}
