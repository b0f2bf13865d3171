/**
 * The words a language glues the chat's passages with, around the content's own text: the titles
 * the index searches (and the answer shows), and the sentences that say what a list or a field is.
 * Sentences are functions, so each language puts the content's words where its grammar wants them.
 */
export interface PassageWords {
  /** The language dates in passages are written in (Intl). */
  lang: string
  /** Headings used when the content gives none. */
  about: string
  techStack: string
  contact: string
  resume: string
  /** Passage titles: what a question about the owner matches on. */
  who: string
  location: string
  experience: string
  availability: string
  highlights: string
  education: string
  contactEmail: string
  resumeTitle: string
  /** A post's title starts with this; `writing` is where posts are (the site's navigation calls it so). */
  writingPost: string
  writing: string
  tech: string
  achievements: string
  metrics: string
  demoLogin: string
  /** The title of a project's links passage: the words a visitor asks for a live demo or the code with. */
  linksTitle: string
  builtForTitle: string
  testCards: string
  relations: string
  unique: string
  basedIn(name: string, place: string): string
  yearsInOperations(years: string): string
  yearsFullStack(years: string): string
  /** "Name has X and Y." */
  has(name: string, what: readonly string[]): string
  roleExperience(role: string): string
  /** A job's organisation, a school's institution. */
  at(place: string): string
  /** A qualification's area. */
  inArea(area: string): string
  /** A career entry's dates, as written in the content; `end` empty while it goes on. */
  period(start: string, end: string): string
  email(address: string): string
  resumeLink(label: string): string
  /** A post's opening, before its summary. */
  post(title: string, date: string): string
  tags(tags: readonly string[]): string
  uses(project: string, tech: readonly string[]): string
  builtFor(project: string, groups: readonly string[]): string
  demo(email: string, password: string, reset: string): string
  /** Where a project runs (its live demo) and, when it has one, where its source code is. */
  links(project: string, live: string, code: string): string
  stack(group: string): string
  endpoint(method: string, path: string): string
  testCardsList(cards: readonly string[]): string
  table(name: string): string
  /** An entity's passage: its name, description and fields. */
  entity(name: string, description: string, fields: readonly string[]): string
  oneOf(values: readonly string[]): string
  defaultValue(value: string): string
  /** A relation's ends and its cardinality (`one-to-many`: the schema's value, which the table words). */
  relation(from: string, to: string, cardinality: string): string
  /** An endpoint's `auth` (`public`, `user`, `admin`, `signed`) in words; a value left out is shown as written. */
  auth: Readonly<Record<string, string>>
  relationsList(relations: readonly string[]): string
}
