import { describe, expect, it } from 'vitest'
import { type Box, liftClearOf } from '../../site/src/step-aside.ts'

/** The chat button at rest on a 390x844 phone (48 px, 12 px from the corner), and a gap of 8 px. */
const REST: Box = { left: 330, top: 784, right: 378, bottom: 832 }
const GAP = 8
const CEILING = 72
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom })

describe('liftClearOf', () => {
  it('stays at rest when nothing is under the button or within the gap', () => {
    expect(liftClearOf(REST, [], CEILING, GAP)).toBe(0)
    expect(liftClearOf(REST, [box(16, 790, 300, 830)], CEILING, GAP)).toBe(0) // beside it, left of the gap
    expect(liftClearOf(REST, [box(310, 700, 344, 776)], CEILING, GAP)).toBe(0) // ends exactly a gap above
  })

  it('rises until its bottom is a gap above the control under it', () => {
    // The demo login's copy button, partly under the chat button.
    expect(liftClearOf(REST, [box(310, 810, 344, 844)], CEILING, GAP)).toBe(832 + GAP - 810)
  })

  it('rises past controls stacked too close to fit between, to the lowest free slot', () => {
    const email = box(310, 740, 344, 774)
    const password = box(310, 810, 344, 844)
    // Between the two copy buttons there are 36 px; the button needs 48 + 2 gaps.
    expect(liftClearOf(REST, [password, email], CEILING, GAP)).toBe(832 + GAP - 740)
  })

  it('stays at rest when it could only rise under the header', () => {
    const column = box(300, CEILING + 10, 390, 844) // a control as tall as the screen
    expect(liftClearOf(REST, [column], CEILING, GAP)).toBeNull()
  })
})
