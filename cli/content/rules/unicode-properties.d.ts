// unicode-properties (fontkit's own Unicode data) ships no types: the two lookups the font coverage check uses.
declare module 'unicode-properties' {
  /** The Unicode Script property's long name: "Latin", "Thai", "Common", "Inherited", "Unknown". */
  export function getScript(codePoint: number): string
  /** The General_Category's short name: "Lo", "Zs", "Cf". */
  export function getCategory(codePoint: number): string
}
