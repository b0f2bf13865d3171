/*
 * What doctor knows about versions that stop working, as data: edit the tables when a date moves or a
 * major ships, nothing else. Dates are ISO days (UTC). Doctor works offline, so what it does not find
 * here (an action it does not list, a major newer than the table) it does not judge.
 */

/**
 * Node release lines and the day each reaches end of life.
 * Source: https://github.com/nodejs/Release/blob/main/schedule.json (as of 2026-07-02).
 */
export const nodeEndOfLife: Readonly<Record<number, { end: string; codename?: string }>> = {
  10: { end: '2021-04-30', codename: 'dubnium' },
  11: { end: '2019-06-01' },
  12: { end: '2022-04-30', codename: 'erbium' },
  13: { end: '2020-06-01' },
  14: { end: '2023-04-30', codename: 'fermium' },
  15: { end: '2021-06-01' },
  16: { end: '2023-09-11', codename: 'gallium' },
  17: { end: '2022-06-01' },
  18: { end: '2025-04-30', codename: 'hydrogen' },
  19: { end: '2023-06-01' },
  20: { end: '2026-04-30', codename: 'iron' },
  21: { end: '2024-06-01' },
  22: { end: '2027-04-30', codename: 'jod' },
  23: { end: '2025-06-01' },
  24: { end: '2028-04-30', codename: 'krypton' },
  25: { end: '2026-06-01' },
  26: { end: '2029-04-30' },
  27: { end: '2030-04-30' },
}

/**
 * The Node major a workflow should write: the LTS the workflows `portfolio init` writes use, and the
 * runtime GitHub Actions runs actions on. Keep it equal to templates/default/.github/workflows/*.yml.
 */
export const recommendedNode = 24

/**
 * The oldest runtime (`runs.using` of an action's action.yml) GitHub Actions still runs, from a day on.
 * Source: https://github.blog/changelog/2025-09-19-deprecation-of-node-20-on-github-actions-runners/
 * (node24 the default from 2026-06-02; node20 removed from the runners on 2026-09-16, node12 and node16
 * long before).
 */
export const oldestActionRuntime: readonly { from: string; runtime: ActionRuntime }[] = [
  { from: '2026-09-16', runtime: 'node24' },
]

export type ActionRuntime = 'node12' | 'node16' | 'node20' | 'node24'

/** How a major runs: its own runtime, or (a composite action) the runtime of the action it calls. */
export type MajorRuntime = ActionRuntime | { runtime: ActionRuntime; via: string }

export interface ActionMajors {
  /** The newest major, the one to write. */
  current: number
  majors: Readonly<Record<number, MajorRuntime>>
}

/**
 * The runtime of each major of the actions a Pages workflow uses. Source: `runs.using` in action.yml
 * at each major's tag in github.com/actions/<name> (for the composite upload-pages-artifact, the
 * upload-artifact it calls), read on 2026-11-29.
 */
export const actionMajors: Readonly<Record<string, ActionMajors>> = {
  'actions/checkout': {
    current: 7,
    majors: { 2: 'node12', 3: 'node16', 4: 'node20', 5: 'node24', 6: 'node24', 7: 'node24' },
  },
  'actions/setup-node': {
    current: 7,
    majors: { 1: 'node12', 2: 'node12', 3: 'node16', 4: 'node20', 5: 'node24', 6: 'node24', 7: 'node24' },
  },
  'actions/cache': { current: 5, majors: { 1: 'node12', 2: 'node12', 3: 'node16', 4: 'node20', 5: 'node24' } },
  'actions/upload-pages-artifact': {
    current: 5,
    majors: {
      1: { runtime: 'node16', via: 'actions/upload-artifact@v3' },
      2: { runtime: 'node16', via: 'actions/upload-artifact@v3' },
      3: { runtime: 'node20', via: 'actions/upload-artifact@v4' },
      4: { runtime: 'node20', via: 'actions/upload-artifact@v4.6.2' },
      5: { runtime: 'node24', via: 'actions/upload-artifact@v7.0.0' },
    },
  },
  'actions/deploy-pages': { current: 5, majors: { 1: 'node16', 2: 'node16', 3: 'node20', 4: 'node20', 5: 'node24' } },
  'actions/upload-artifact': {
    current: 7,
    majors: { 2: 'node12', 3: 'node16', 4: 'node20', 5: 'node20', 6: 'node24', 7: 'node24' },
  },
  'actions/download-artifact': {
    current: 8,
    majors: { 2: 'node12', 3: 'node16', 4: 'node20', 5: 'node20', 6: 'node20', 7: 'node24', 8: 'node24' },
  },
}
