/**
 * A pool worker's first module when the CLI runs from its TypeScript sources (tests, tsx): registers
 * tsx in this thread, then loads the job table the pool names (see workerEntry in pool.ts). tsx is
 * resolved from here, not from the working directory. The compiled CLI never starts here.
 */
import { workerData } from 'piscina'
import { register } from 'tsx/esm/api'

register()
const { runJob } = await import(workerData.table)
export { runJob }
