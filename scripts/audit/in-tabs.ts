/**
 * Runs `visit` on every item, at most `tabs` at a time, and returns the results in the items' order.
 * A page visit mostly waits (the network, timers, the renderer), so a few side by side in one browser
 * take little longer than one; a few, not all, so that they do not all fight for the CPU at once.
 * `tab` (0 to tabs - 1) says which of the runs side by side a visit is in, for a caller that keeps a
 * page per tab and navigates it from one item to the next.
 */
export async function inTabs<T, R>(
  items: readonly T[],
  tabs: number,
  visit: (item: T, tab: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const run = async (tab: number) => {
    while (next < items.length) {
      const index = next++
      results[index] = await visit(items[index]!, tab)
    }
  }
  await Promise.all(Array.from({ length: Math.min(tabs, items.length) }, (_, tab) => run(tab)))
  return results
}
