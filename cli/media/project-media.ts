import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectData } from '../../site/src/paths.ts'
import { safeJson, type ProjectDataFile } from '../generate/project-data.ts'
import { withProjectMedia, type ImageRecords } from './content-media.ts'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'

/**
 * A build's case-study data files are written where each project is compiled, before its images
 * are encoded (the project's own checks name them): those of the projects in `withImages` (ids) are
 * written again here with them resolved, and their records (hash, card) follow. A project without
 * images is not read.
 */
export function attachProjectMedia<T extends ProjectDataFile>(
  dataDir: string,
  kept: readonly T[],
  withImages: ReadonlySet<string>,
  images: ImageRecords,
): T[] {
  return kept.map((project) => {
    if (!withImages.has(project.id)) return project
    const file = path.join(dataDir, projectData.file(project.id))
    const json = safeJson(withProjectMedia(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, images))
    // Never written through: the file may be a hard link to the site in place's.
    writeFileAtomically(file, json)
    return {
      ...project,
      sha256: sha256Hex(json),
      card: withProjectMedia(project.card, images),
    }
  })
}
