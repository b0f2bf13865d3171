/**
 * The catalogue of diagnostic codes. Codes are permanent: tools and people search for them.
 * `hint` is the default fix; a diagnostic may carry a more specific one.
 */
interface CodeEntry {
  title: string
  hint?: string
}

export const diagnosticCodes = {
  // A. Files, encoding, size (checked on raw bytes, before YAML)
  ENCODING: { title: 'The file is not UTF-8.', hint: 'Save the file as UTF-8 (without a UTF-16 byte-order mark).' },
  CONTROL_CHAR: {
    title: 'The file contains a control character.',
    hint: 'Delete the invisible character; only tab, newline and carriage return are allowed.',
  },
  FILE_TOO_LARGE: {
    title: 'The file is larger than the limit.',
    hint: 'Split the content or shorten it; the limit keeps validation fast and safe.',
  },
  TOO_MANY_PROJECTS: { title: 'There are more project files than the limit.' },
  EMPTY_DOCUMENT: {
    title: 'The file has no content.',
    hint: 'Fill it in, starting from an existing file such as projects/authstack.yaml.',
  },
  NOT_REGULAR_FILE: {
    title: 'The content path is not a regular file.',
    hint: 'Replace the link, folder or device with a plain file inside the content folder.',
  },
  BAD_FILENAME: {
    title: 'The file name is not a valid project or post file name.',
    hint: 'Name project files in lowercase kebab-case with a .yaml extension, e.g. projects/my-app.yaml.',
  },

  // B and C. YAML syntax and structure
  YAML_SYNTAX: { title: 'The YAML cannot be parsed.' },
  YAML_MULTIPLE_DOCS: {
    title: 'The file holds more than one YAML document.',
    hint: 'Keep one document per file: remove the extra "---" line and what follows, or merge it into the first document.',
  },
  YAML_DUPLICATE_KEY: {
    title: 'A key appears twice in the same mapping.',
    hint: 'Delete one of the two entries; YAML tools disagree on which one wins, so it is rejected.',
  },
  YAML_ALIAS: {
    title: 'YAML anchors and aliases are not allowed.',
    hint: 'Repeat the value instead of referring to it with *alias.',
  },
  YAML_DIRECTIVE: {
    title: 'YAML directives are not allowed.',
    hint: 'Delete the % line; content files are YAML 1.2 without directives.',
  },
  YAML_TAG: {
    title: 'YAML tags are not allowed.',
    hint: 'Delete the !tag and write the value as a plain string, number, list or mapping.',
  },
  YAML_TOO_DEEP: {
    title: 'The YAML is nested too deeply.',
    hint: 'Flatten the structure; content never needs more than a few levels.',
  },
  YAML_WARNING: { title: 'The YAML parser warned about this place.' },

  // D. Schema
  SCHEMA_ROOT: {
    title: 'The top level is not a mapping.',
    hint: 'Start the file with "key: value" lines, not a list item or a single value.',
  },
  SCHEMA_REQUIRED: { title: 'A required field is missing.' },
  SCHEMA_UNKNOWN_KEY: { title: 'The field is not part of the schema.' },
  SCHEMA_RESERVED_KEY: {
    title: 'The key is reserved.',
    hint: 'Choose another name; __proto__, constructor and prototype cannot be keys.',
  },
  SCHEMA_TYPE: { title: 'The value has the wrong type.' },
  SCHEMA_EMPTY: { title: 'The value is empty.', hint: 'Write some text, or remove the field if it is optional.' },
  SCHEMA_ENUM: { title: 'The value is not one of the allowed values.' },
  SCHEMA_FORMAT: { title: 'The value does not have the expected format.' },
  SCHEMA_COUNT: { title: 'The list has the wrong number of items.' },
  SCHEMA_UNIQUE: { title: 'The list contains the same item twice.', hint: 'Remove the repeated item.' },
  LIMIT: {
    title: 'A size limit is exceeded.',
    hint: 'Shorten the value or split it; limits keep pages readable and builds fast.',
  },

  // E. API endpoints
  ENDPOINT_METHOD: { title: 'The endpoint method is not an HTTP method.' },
  ENDPOINT_PATH: { title: 'The endpoint path is malformed.' },
  ENDPOINT_TEMPLATE: { title: 'A path parameter {name} is malformed.' },
  ENDPOINT_DUPLICATE: {
    title: 'Two endpoints share method and path.',
    hint: 'Remove one of them or correct its method or path.',
  },
  ENDPOINT_TRAILING_SLASH: {
    title: 'The endpoint path ends with "/" (a warning).',
    hint: 'Remove the trailing "/" unless the API serves "/users/" apart from "/users".',
  },

  // F. Metrics
  METRIC_VALUE: {
    title: 'A metric value is not a number or a short string containing one.',
    hint: 'Write a number (500) or a short string with one ("99.9%", "<200ms", "10K+").',
  },
  METRIC_LABEL: {
    title: 'A metric label is empty or too long.',
    hint: 'Give the metric a short, non-empty label such as "Uptime".',
  },
  METRICS_NOT_FEATURED: {
    title: 'Metrics on a project that is not the featured one.',
    hint: 'Only the featured project shows metrics: move them to the featured project or delete them.',
  },
  NUMBER_PRECISION: {
    title: 'YAML reads the number with fewer digits than were typed.',
    hint: 'Quote the value to keep every digit: "9007199254740993".',
  },
  NUMBER_AS_TYPED: {
    title: 'YAML reads the value as a number that is shown differently from what was typed.',
    hint: 'Quote the value to show it as typed: "1.10".',
  },

  // G. URLs
  URL_SCHEME: { title: 'The URL scheme is not allowed.' },
  URL_INSECURE: {
    title: 'The URL uses http instead of https.',
    hint: 'Use https://; browsers flag insecure links and recruiters notice.',
  },
  URL_RELATIVE: { title: 'The URL is not absolute.', hint: 'Write the full address, starting with https://.' },
  URL_FORMAT: {
    title: 'The URL is malformed.',
    hint: 'Remove spaces and control characters; write the full address starting with https://.',
  },
  URL_LOCAL: {
    title: 'The URL points at a local or private address.',
    hint: 'Visitors cannot reach local addresses; link to the public address.',
  },
  URL_USERINFO: {
    title: 'The URL carries a user name or password before its host.',
    hint: 'Delete everything between "https://" and "@"; the host is what follows the "@".',
  },
  URL_SECRET: {
    title: 'The URL carries a credential in its query or fragment.',
    hint: 'Delete the token or key from the link, and revoke it if it was real.',
  },
  URL_CONFUSABLE_HOST: {
    title: 'The URL host mixes scripts or look-alike punctuation (UTS #39).',
    hint: 'Type the address again in plain ASCII; look-alike characters lead to another site.',
  },
  URL_PORT: {
    title: 'The URL uses a port other than the default one (a warning).',
    hint: 'Link to the default https port (443); many networks block other ports.',
  },
  URL_IDN_HOST: {
    title: 'The URL host is an internationalised (punycode) name (a warning).',
    hint: 'Keep it only if that name really is the site; visitors cannot tell it from a look-alike.',
  },
  URL_TRACKING: {
    title: 'The URL carries tracking parameters (a warning).',
    hint: 'Delete utm_* and click-id parameters; they came from where the link was copied.',
  },
  URL_MAILTO_RECIPIENTS: {
    title: 'The mailto: link adds recipients or cc/bcc headers.',
    hint: 'Write a single address: mailto:you@example.com (a subject is fine).',
  },

  // H. Markdown
  MD_RAW_HTML: {
    title: 'Raw HTML in markdown.',
    hint: 'Write it in markdown instead (emphasis, lists, links, tables, fenced code); HTML is not allowed in content.',
  },
  MD_URL_SCHEME: {
    title: 'A markdown link or image uses a forbidden URL.',
    hint: 'Links must be https://, mailto: or an in-site path/#anchor; images must be https:// or in-site paths.',
  },
  MD_LINK_DESTINATION: {
    title: 'A markdown link destination holds spaces, quotes or angle brackets.',
    hint: 'Percent-encode the character (a space is %20, a quote %22) or remove it.',
  },
  MD_ATTRIBUTE_BREAKOUT: {
    title: 'A link title or image alt text tries to close its HTML attribute.',
    hint: 'Write plain words in titles and alt text, without a quote followed by name= or <tag.',
  },

  // I. Diagrams
  DIAGRAM_DIRECTIVE: {
    title: 'Diagram directives or configuration are not allowed.',
    hint: 'Delete the %%{...}%% or front-matter block; the site themes diagrams itself.',
  },
  DIAGRAM_INTERACTION: {
    title: 'Diagram click handlers and links are not allowed.',
    hint: 'Delete the click/href line; diagrams are static pictures.',
  },
  DIAGRAM_HTML: { title: 'HTML in a diagram label.', hint: 'Write plain words in labels, without < or >.' },
  DIAGRAM_SYNTAX: { title: 'The diagram cannot be parsed.' },
  UNKNOWN_ENTITY: {
    title: 'A database relation names an entity the section does not have.',
    hint: "Use the name of one of the section's entities, spelled as in its `name`.",
  },
  DIAGRAM_WIDTH: {
    title: 'The diagram is too wide to read at desktop width (warning).',
    hint: 'Lay it out top to bottom (flowchart TB), shorten its labels or split it; visitors would need its full-size view.',
  },

  // J. Cross-file
  DUPLICATE_ID: { title: 'Two files use the same id.' },
  ID_MISMATCH: { title: 'The id differs from the file name.' },
  ID_RESERVED: { title: 'The id is reserved by the site.' },
  DUPLICATE_SECTION_ID: {
    title: 'Two sections of a project share an id.',
    hint: 'Give every section its own id; it is the in-page anchor.',
  },
  FLAGSHIP_COUNT: { title: 'There must be exactly one featured project.' },
  UNKNOWN_PROJECT: { title: 'portfolio.yaml lists a project that has no file.' },
  ORPHAN_PROJECT: { title: 'A project file is not listed in portfolio.yaml.' },
  ASSET_MISSING: { title: 'A referenced file does not exist.' },
  ASSET_TYPE: { title: 'A referenced file is not of the expected type.' },
  ASSET_TOO_LARGE: { title: 'A referenced file is too large.', hint: 'Compress it; visitors download it on phones.' },
  BROKEN_ANCHOR: { title: 'A link points at a section that does not exist.' },
  TECH_SLUG_COLLISION: {
    title: 'Two technology names would share one technology page.',
    hint: 'Spell one technology the same way in every project.',
  },
  SECTION_ANCHOR_COLLISION: {
    title: "A section id equals another section's heading id.",
    hint: 'Rename one of the two sections; every id on a page must be unique.',
  },

  // L. Images (cover, media, photo)
  MEDIA_PATH: {
    title: "An image's path is not inside the content folder's media/ folder.",
    hint: 'Put images in the media/ folder beside portfolio.yaml and write their path from there, e.g. media/my-app/cover.png.',
  },
  MEDIA_FORMAT: {
    title: 'An image is not PNG, JPEG, WebP or AVIF.',
    hint: 'Export it as PNG, JPEG, WebP or AVIF; SVG is refused because it can carry script.',
  },
  MEDIA_DAMAGED: {
    title: 'An image is damaged or cut short: it does not decode whole.',
    hint: 'Export or copy the image again, and check that it opens whole in an image viewer.',
  },
  MEDIA_ALT: {
    title: "An image's alt text does not describe it.",
    hint: 'Say what the image shows, for readers who cannot see it.',
  },
  MEDIA_NARROW: {
    title: 'An image is narrower than where it is shown, so it will look blurry.',
    hint: 'Use a wider image: at least 1200 px for a cover, 800 px for a gallery image, 400 px for the photo.',
  },
  MEDIA_GALLERY_EMPTY: {
    title: 'A gallery section is in a project without media.',
    hint: 'Add the images under media:, or remove the section.',
  },
  MEDIA_NOT_SHOWN: {
    title: "A project's media are not shown: it has no gallery section.",
    hint: 'Add a section of kind gallery where the images should appear.',
  },

  // Resume
  RESUME_DATE: {
    title: 'A resume date does not parse.',
    hint: 'Write the year (2019) or the year and month (2019-04).',
  },
  RESUME_DATE_ORDER: {
    title: 'A resume entry ends before it starts.',
    hint: 'Swap start and end, or correct the year.',
  },
  RESUME_PERIOD_MISSING: {
    title: 'A resume entry does not say when.',
    hint: 'Give start (YYYY or YYYY-MM) or a duration such as "7+ years".',
  },
  RESUME_GLYPH: {
    title: 'The resume font has no glyph for a character.',
    hint: 'Replace the character with a common one (the resume font covers Latin, Greek and Cyrillic), or set resume.file to a hand-made PDF.',
  },
  RESUME_PAGES: {
    title: 'The resume is longer than two pages.',
    hint: 'List fewer projects in resume.projects, or shorten highlights and achievements; recruiters read one or two pages.',
  },
  RESUME_TYPESET: {
    title: 'The resume could not be typeset.',
    hint: 'This is a bug in the resume template or its fonts; set resume.file to a hand-made PDF meanwhile.',
  },

  // N. Posts (posts/<slug>.md)
  TOO_MANY_POSTS: { title: 'There are more post files than the limit.' },
  POST_FRONT_MATTER: {
    title: 'A post has no front matter block, or it is not closed.',
    hint: 'Start the file with a line "---", then the fields (title, summary, published), then another "---" line; the text follows.',
  },
  POST_DUPLICATE_SLUG: {
    title: 'Two post files would have the same slug (the same page).',
    hint: 'Keep one file per slug: posts/<slug>.md, lowercase kebab-case.',
  },
  POST_SLUG_RESERVED: { title: 'The slug of a post is reserved by the site.' },
  POST_DATE: {
    title: 'A post date is not a calendar date.',
    hint: 'Write a date that exists, quoted: "YYYY-MM-DD".',
  },
  POST_DATE_ORDER: {
    title: 'A post is updated before it was published.',
    hint: 'Correct updated (it must be on or after published), or remove it.',
  },
  POST_FUTURE_DATE: {
    title: 'A post is published in the future (a warning).',
    hint: 'Correct the date, or keep draft: true until the day.',
  },
  POST_TAG_SPELLING: {
    title: 'A tag is spelled two ways across posts.',
    hint: 'Spell each tag one way in every post: one tag has one page.',
  },
  POST_UNKNOWN_PROJECT: { title: 'A post names a related project that has no file.' },
  RESUME_UNKNOWN_POST: { title: 'resume.publications names a post that has no file.' },

  // Theme
  THEME_CONTRAST: {
    title: 'An accent colour would make text unreadable.',
    hint: 'Pick a darker accent for the light theme or a lighter one for the dark theme; 4.5:1 is the WCAG AA minimum for text.',
  },

  // P. Analytics (analytics: in portfolio.yaml)
  ANALYTICS_HOST: {
    title: 'The analytics host cannot serve the tracker.',
    hint: 'Write the https address of the instance or proxy alone, e.g. https://stats.example.com, or remove host to use the provider itself.',
  },

  // Q. External feeds (writing.external in portfolio.yaml), fetched at build time
  EXTERNAL_FEED_UNREACHABLE: {
    title: 'An external feed could not be fetched (a warning).',
    hint: 'Check the address in a browser; the build uses the copy it stored last until the feed answers again.',
  },
  EXTERNAL_FEED_MALFORMED: {
    title: 'An external feed is not a well-formed RSS or Atom document (a warning).',
    hint: "Check that the address is the feed itself (e.g. https://dev.to/feed/<name>), not a page; if it is, the site's feed is broken.",
  },

  // K. Doctor: what breaks a deployment around the content (portfolio doctor)
  DOCTOR_REPOSITORY: {
    title: 'The repository name is unknown, so the base path is not checked.',
    hint: 'Run doctor inside the git clone (it reads the "origin" remote), or set GITHUB_REPOSITORY=owner/name.',
  },
  DOCTOR_BASE: { title: '--base does not match the path GitHub Pages serves the repository under.' },
  DOCTOR_PAGES_WORKFLOW: { title: 'No workflow deploys to GitHub Pages.' },
  DOCTOR_WORKFLOW_BUILD: {
    title: 'The Pages workflow does not build the site.',
    hint: 'Add a step that runs "npx portfolio build --base /<repository>/ --out dist" before actions/upload-pages-artifact.',
  },
  DOCTOR_WORKFLOW_BASE: { title: "The Pages workflow builds with another base than the repository's." },
  DOCTOR_NODE_VERSION: { title: 'This Node version is older than the tool needs.' },
  DOCTOR_TOOL_DEPENDENCY: { title: "The content's package.json does not depend on the tool." },
  DOCTOR_TOOL_VERSION: { title: "The installed tool is not the version the content's package.json asks for." },
  DOCTOR_SCHEMA_MISSING: { title: 'A schema modeline names a file that does not exist.' },
  DOCTOR_WORKFLOW_NODE: { title: 'A workflow runs on a Node version past its end of life (a warning).' },
  DOCTOR_WORKFLOW_ACTION: {
    title: 'A workflow uses an action major whose runtime GitHub Actions no longer runs (a warning).',
  },
  DOCTOR_ANALYTICS_CSP: {
    title: "A Content-Security-Policy blocks the analytics tracker's script or its page views.",
    hint: 'Rebuild the site with "portfolio build" (the build allows the tracker in the policy it writes), and add the address to any policy the host sends.',
  },

  // M7. Languages: the resume and the social cards (cli/content/rules/font-coverage.ts)
  SCRIPT_NOT_COVERED: {
    title: 'Text is in a script that no bundled font covers.',
    hint: 'The bundled fonts cover Latin, Greek and Cyrillic, Arabic and Devanagari: write this field in one of those scripts in this language, or set resume.file to a hand-made PDF for the resume.',
  },

  // M. Languages: site.languages and the overlay files (portfolio.<tag>.yaml, projects/<id>.<tag>.yaml, posts/<slug>.<tag>.md)
  LANGUAGE_TAG: {
    title: 'A language of site.languages is not a known BCP 47 tag in canonical form.',
    hint: 'Write a BCP 47 tag as Intl writes it, e.g. fr, pt-BR, zh-Hant.',
  },
  LANGUAGE_DUPLICATE: {
    title: 'A language is listed twice, or site.languages lists the default language.',
    hint: 'List each other language once; the default (site.language) is not repeated in site.languages.',
  },
  OVERLAY_UNKNOWN_KEY: { title: 'A translation has a field its source does not have.' },
  OVERLAY_NOT_TRANSLATABLE: {
    title: 'A translation has a field that is not translated: it comes from the source.',
    hint: 'Delete the field from the translation: ids, URLs, numbers, dates, technologies and image files are the same in every language.',
  },
  OVERLAY_UNKNOWN_ITEM: { title: 'A translated list entry matches no entry of the source.' },
  OVERLAY_UNKNOWN_LANGUAGE: { title: 'A translation file is for a language that site.languages does not list.' },
  OVERLAY_UNKNOWN_PROJECT: { title: 'A translation file is for a project that has no file.' },
  OVERLAY_UNKNOWN_POST: { title: 'A post translation file is for a post that has no file.' },
  TRANSLATION_STALE: {
    title:
      'A translated field is stale: its source changed since it was translated (a warning; an error with --strict-i18n).',
    hint: 'Update the translation, then record it with "portfolio validate --update-i18n-lock".',
  },
  TRANSLATION_MISSING: {
    title: 'Translatable fields have no translation (an error with --strict-i18n only).',
    hint: 'Translate them in the overlay file, or build without --strict-i18n to show them in the default language.',
  },

  // M. Languages: the site's own words (the shipped catalogues and the portfolio's i18n files, M6)
  I18N_NO_CATALOGUE: {
    title: "A language has no shipped catalogue of the site's words and no i18n file of its own (e.g. i18n/it.yaml).",
    hint: "Write the language's file at the content root (i18n/it.yaml for Italian) with every string of the site in it, or use a language the tool ships (en, es, fr, de, pt-BR, hi, ar).",
  },
  I18N_UNKNOWN_STRING: {
    title: 'An i18n file (e.g. i18n/fr.yaml) names a string the site does not have.',
    hint: 'Remove it, or correct its name to one of the English catalogue (site/src/i18n/catalogues/en.ts lists them).',
  },
  I18N_MISSING_STRING: {
    title: 'The i18n file of a language without a shipped catalogue lacks strings the site shows.',
    hint: 'Add the strings named, in that language.',
  },
  I18N_STRING_NOT_TEXT: {
    title: 'A string in an i18n file (e.g. i18n/fr.yaml) is not text.',
    hint: 'Write the text as a string; quote it when it could be read as a number, a date or yes/no ("1", "no").',
  },
} as const satisfies Record<string, CodeEntry>

export type DiagnosticCode = keyof typeof diagnosticCodes
