import { describe, expect, it } from 'vitest'
import { useColor } from '../../cli/logger.ts'

const terminal = { isTTY: true } as NodeJS.WriteStream
const pipe = { isTTY: false } as NodeJS.WriteStream

describe('the colour decision', () => {
  it('colours a terminal, never a pipe or a file', () => {
    expect(useColor(terminal, {})).toBe(true)
    expect(useColor(pipe, {})).toBe(false)
  })

  it('never colours with NO_COLOR set to anything but the empty string (no-color.org), nor with FORCE_COLOR=0', () => {
    expect(useColor(terminal, { NO_COLOR: '1' })).toBe(false)
    expect(useColor(terminal, { NO_COLOR: 'false' })).toBe(false)
    expect(useColor(terminal, { NO_COLOR: '' })).toBe(true)
    expect(useColor(terminal, { FORCE_COLOR: '0' })).toBe(false)
  })
})
