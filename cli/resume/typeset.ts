import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { CliError } from '../errors.ts'
import { resumeTemplateFile } from '../paths.ts'
import { fontOrder, SCRIPT_FONTS } from '../social/script-fonts.ts'
import type { ResumeData } from './resume-data.ts'

type Compiler = typeof import('@myriaddreamin/typst-ts-node-compiler')

const require = createRequire(import.meta.url)

/** The weights the template uses, from the OFL-licensed Source Sans 3 of the `source-sans` package. */
const FONT_WEIGHTS = ['Regular', 'Semibold', 'Bold'] as const

function sourceSansFiles(): string[] {
  const folder = path.join(path.dirname(require.resolve('source-sans/package.json')), 'OTF')
  return FONT_WEIGHTS.map((weight) => path.join(folder, `SourceSans3-${weight}.otf`))
}

/**
 * The font files the resume is set in, loaded explicitly (no system fonts): Source Sans 3, then the
 * bundled fonts of Arabic and Devanagari (script-fonts.ts), which Typst takes a script's glyphs from.
 */
export function resumeFontFiles(): string[] {
  return [...sourceSansFiles(), ...SCRIPT_FONTS.flatMap((font) => [font.regular, font.bold])]
}

/** The resume's font files by family, in the order `tag` tries them (as the template's font list). */
export function resumeFontFamilies(tag: string): string[][] {
  return fontOrder(tag, sourceSansFiles(), (font) => [font.regular, font.bold])
}

let compiler: Compiler | undefined
/** Made once per process: creating one (loading its fonts) is most of a cold resume's time. */
let withFonts: InstanceType<Compiler['NodeCompiler']> | undefined

/**
 * The compiler's root: Typst resolves "/photo.png" against it, so a shadow file (bytes in memory)
 * mapped at <root>/photo.png is what the template reads. Fixed, so it does not depend on the cwd.
 */
const WORKSPACE = path.dirname(resumeTemplateFile)

function compilerWithFonts(): InstanceType<Compiler['NodeCompiler']> {
  withFonts ??= loadCompiler().NodeCompiler.create({
    workspace: WORKSPACE,
    fontArgs: [{ fontBlobs: resumeFontFiles().map((file) => readFileSync(file)) }],
  })
  return withFonts
}

/** The native compiler, or an error naming the platform when its prebuilt binary is missing. */
function loadCompiler(): Compiler {
  try {
    compiler ??= require('@myriaddreamin/typst-ts-node-compiler') as Compiler
    return compiler
  } catch (error) {
    throw new CliError(
      `the resume compiler (Typst) has no prebuilt binary for this platform (${process.platform}-${process.arch}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      'Set resume.file in portfolio.yaml to a hand-made PDF in public/ (then nothing is generated), or install with optional dependencies (never --omit=optional).',
      { cause: error },
    )
  }
}

export interface Typeset {
  pdf?: Uint8Array
  pages: number
  /** The compiler's errors and warnings, as text: any of them stops the build. */
  problems: string[]
}

interface TypstDiagnostic {
  message?: string
  severity?: number | string
  hints?: string[]
}

/** An image the template reads at `file` (data.photo.file, e.g. "/photo.png"). */
export interface TypesetImage {
  file: string
  bytes: Uint8Array
}

/** What typesetting takes: plain data, so a build's pool can typeset on a worker (the `resume` job). */
export interface TypesetInput {
  template: string
  data: ResumeData
  /** YYYY-MM-DD, the document's date. */
  date: string | undefined
  photo?: TypesetImage
}

/** typesetResume with one argument: the build's pool job. */
export function typesetJob({ template, data, date, photo }: TypesetInput): Typeset {
  return typesetResume(template, data, date, photo)
}

/**
 * Typesets the template with the data (as JSON in sys.inputs) and the photo, if any. `date`
 * (YYYY-MM-DD) is the document's date; the creation timestamp is fixed, so the same inputs give
 * the same bytes.
 */
export function typesetResume(
  template: string,
  data: ResumeData,
  date: string | undefined,
  photo?: TypesetImage,
): Typeset {
  const typst = compilerWithFonts()
  // The compiler lives for the process: the photo is mapped for this compile only.
  const shadow = photo && {
    path: path.join(WORKSPACE, photo.file),
    bytes: Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength),
  }
  if (shadow) typst.mapShadow(shadow.path, shadow.bytes)
  try {
    return compileToPdf(typst, template, data, date)
  } finally {
    if (shadow) typst.unmapShadow(shadow.path)
  }
}

function compileToPdf(
  typst: InstanceType<Compiler['NodeCompiler']>,
  template: string,
  data: ResumeData,
  date: string | undefined,
): Typeset {
  const { PdfStandard } = loadCompiler()
  const result = typst.compile({
    mainFileContent: template,
    inputs: { data: JSON.stringify(data), ...(date ? { date } : {}) },
  })
  const problems: string[] = []
  for (const error of [result.takeError(), result.takeWarnings()]) {
    if (!error) continue
    for (const d of typst.fetchDiagnostics(error) as TypstDiagnostic[])
      problems.push([d.message ?? 'unknown problem', ...(d.hints ?? [])].join('; '))
  }
  const document = result.result
  if (!document || problems.length > 0)
    return {
      pages: document?.numOfPages ?? 0,
      problems: problems.length > 0 ? problems : ['the compiler returned no document'],
    }
  // PDF/UA-1: tagged, with the structure and metadata assistive technology and parsers read. The
  // export checks the standard's rules and throws what breaks them (the message lists Typst's diagnostics).
  try {
    const pdf = typst.pdf(document, { pdfStandard: PdfStandard.UA_1, creationTimestamp: 0 })
    return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), pages: document.numOfPages, problems }
  } catch (error) {
    return {
      pages: document.numOfPages,
      problems: [`PDF export: ${error instanceof Error ? error.message : String(error)}`],
    }
  }
}
