/**
 * Images decoded whole at validation, kept in the store (content/rules/media-files.ts): each source
 * is decoded once across runs however many places name it, and one that does not decode is never
 * kept, so it is found and located every time.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { checkContent } from '../../cli/content/check-content.ts'
import { decodeImage } from '../../cli/content/rules/image-decode.ts'
import { brief, VALID_MINIMAL } from '../helpers/fixtures.ts'
import { alphaImagesYaml, gradientImage } from '../helpers/test-images.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

vi.mock('../../cli/content/rules/image-decode.ts', async (original) => {
  const actual = await original<typeof import('../../cli/content/rules/image-decode.ts')>()
  return { ...actual, decodeImage: vi.fn(actual.decodeImage) }
})

const tempDir = tempDirsPerTest('portfolio-media-decode-')

describe('images decoded at validation, in the store', () => {
  it('decodes each source once across runs, however many srcs name it, and never keeps one that does not decode', async () => {
    const dir = tempDir()
    const root = path.join(dir, 'content')
    cpSync(VALID_MINIMAL, root, { recursive: true })
    mkdirSync(path.join(root, 'media', 'alpha'), { recursive: true })
    const cut = await gradientImage(1200, 630, { seed: 2 })
    writeFileSync(path.join(root, 'media', 'alpha', 'cover.png'), await gradientImage(1200, 630))
    writeFileSync(path.join(root, 'media', 'alpha', 'cut.png'), cut.subarray(0, Math.round(cut.length * 0.6)))
    const project = path.join(root, 'projects', 'alpha.yaml')
    const images = alphaImagesYaml('media/alpha/cover.png', ['media/alpha/cover.png', 'media/alpha/cut.png'])
    const gallery = '  - id: screens\n    title: Screens\n    kind: gallery\n'
    writeFileSync(project, readFileSync(project, 'utf8').replace('sections:\n', `${images}sections:\n${gallery}`))
    const store = openStore(path.join(dir, 'cache'))
    const decoded = vi.mocked(decodeImage)
    const validate = async () => {
      decoded.mockClear()
      const result = await checkContent(root, { store })
      expect(result.diagnostics.map(brief)).toEqual(['MEDIA_DAMAGED@projects/alpha.yaml:27:10'])
      return decoded.mock.calls.length
    }

    // The cover and the first gallery image are one file: decoded once, with the damaged one.
    expect(await validate()).toBe(2)
    expect(readdirSync(path.join(dir, 'cache', 'store', 'media-decoded'))).toHaveLength(1)
    // Again: the valid image from the store (by its stat, unread); the damaged one afresh.
    expect(await validate()).toBe(1)
    // Without a store, every image is decoded, each once.
    decoded.mockClear()
    await checkContent(root)
    expect(decoded.mock.calls.length).toBe(2)
  })
})
