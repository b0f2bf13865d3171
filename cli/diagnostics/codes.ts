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
  CONTROL_CHAR: { title: 'The file contains a control character.', hint: 'Delete the invisible character; only tab, newline and carriage return are allowed.' },
  FILE_TOO_LARGE: { title: 'The file is larger than the limit.', hint: 'Split the content or shorten it; the limit keeps validation fast and safe.' },
  TOO_MANY_PROJECTS: { title: 'There are more project files than the limit.' },
  EMPTY_DOCUMENT: { title: 'The file has no content.', hint: 'Fill it in, starting from an existing file such as projects/authstack.yaml.' },
  NOT_REGULAR_FILE: { title: 'The content path is not a regular file.', hint: 'Replace the link, folder or device with a plain file inside the content folder.' },
  BAD_FILENAME: { title: 'The file name is not a valid project file name.', hint: 'Name project files in lowercase kebab-case with a .yaml extension, e.g. projects/my-app.yaml.' },

  // B and C. YAML syntax and structure
  YAML_SYNTAX: { title: 'The YAML cannot be parsed.' },
  YAML_MULTIPLE_DOCS: { title: 'The file holds more than one YAML document.', hint: 'Keep one document per file: remove the extra "---" line and what follows, or merge it into the first document.' },
  YAML_DUPLICATE_KEY: { title: 'A key appears twice in the same mapping.', hint: 'Delete one of the two entries; YAML tools disagree on which one wins, so it is rejected.' },
  YAML_ALIAS: { title: 'YAML anchors and aliases are not allowed.', hint: 'Repeat the value instead of referring to it with *alias.' },
  YAML_DIRECTIVE: { title: 'YAML directives are not allowed.', hint: 'Delete the % line; content files are YAML 1.2 without directives.' },
  YAML_TAG: { title: 'YAML tags are not allowed.', hint: 'Delete the !tag and write the value as a plain string, number, list or mapping.' },
  YAML_TOO_DEEP: { title: 'The YAML is nested too deeply.', hint: 'Flatten the structure; content never needs more than a few levels.' },
  YAML_WARNING: { title: 'The YAML parser warned about this place.' },

  // D. Schema
  SCHEMA_ROOT: { title: 'The top level is not a mapping.', hint: 'Start the file with "key: value" lines, not a list item or a single value.' },
  SCHEMA_REQUIRED: { title: 'A required field is missing.' },
  SCHEMA_UNKNOWN_KEY: { title: 'The field is not part of the schema.' },
  SCHEMA_RESERVED_KEY: { title: 'The key is reserved.', hint: 'Choose another name; __proto__, constructor and prototype cannot be keys.' },
  SCHEMA_TYPE: { title: 'The value has the wrong type.' },
  SCHEMA_EMPTY: { title: 'The value is empty.', hint: 'Write some text, or remove the field if it is optional.' },
  SCHEMA_ENUM: { title: 'The value is not one of the allowed values.' },
  SCHEMA_FORMAT: { title: 'The value does not have the expected format.' },
  SCHEMA_COUNT: { title: 'The list has the wrong number of items.' },
  SCHEMA_UNIQUE: { title: 'The list contains the same item twice.', hint: 'Remove the repeated item.' },
  LIMIT: { title: 'A size limit is exceeded.', hint: 'Shorten the value or split it; limits keep pages readable and builds fast.' },

  // E. API endpoints
  ENDPOINT_METHOD: { title: 'The endpoint method is not an HTTP method.' },
  ENDPOINT_PATH: { title: 'The endpoint path is malformed.' },
  ENDPOINT_TEMPLATE: { title: 'A path parameter {name} is malformed.' },
  ENDPOINT_DUPLICATE: { title: 'Two endpoints share method and path.', hint: 'Remove one of them or correct its method or path.' },

  // F. Metrics
  METRIC_VALUE: { title: 'A metric value is not a number or a short string containing one.', hint: 'Write a number (500) or a short string with one ("99.9%", "<200ms", "10K+").' },
  METRIC_LABEL: { title: 'A metric label is empty or too long.', hint: 'Give the metric a short, non-empty label such as "Uptime".' },
  METRICS_NOT_FEATURED: { title: 'Metrics on a project that is not the featured one.', hint: 'Only the featured project shows metrics: move them to the featured project or delete them.' },

  // G. URLs
  URL_SCHEME: { title: 'The URL scheme is not allowed.' },
  URL_INSECURE: { title: 'The URL uses http instead of https.', hint: 'Use https://; browsers flag insecure links and recruiters notice.' },
  URL_RELATIVE: { title: 'The URL is not absolute.', hint: 'Write the full address, starting with https://.' },
  URL_FORMAT: { title: 'The URL is malformed.', hint: 'Remove spaces and control characters; write the full address starting with https://.' },
  URL_LOCAL: { title: 'The URL points at a local or private address.', hint: 'Visitors cannot reach local addresses; link to the public address.' },

  // H. Markdown
  MD_RAW_HTML: { title: 'Raw HTML in markdown.', hint: 'Write it in markdown instead (emphasis, lists, links, tables, fenced code); HTML is not allowed in content.' },
  MD_URL_SCHEME: { title: 'A markdown link or image uses a forbidden URL.', hint: 'Links must be https://, mailto: or an in-site path/#anchor; images must be https:// or in-site paths.' },

  // I. Diagrams
  DIAGRAM_DIRECTIVE: { title: 'Diagram directives or configuration are not allowed.', hint: 'Delete the %%{...}%% or front-matter block; the site themes diagrams itself.' },
  DIAGRAM_INTERACTION: { title: 'Diagram click handlers and links are not allowed.', hint: 'Delete the click/href line; diagrams are static pictures.' },
  DIAGRAM_HTML: { title: 'HTML in a diagram label.', hint: 'Write plain words in labels, without < or >.' },
  DIAGRAM_SYNTAX: { title: 'The diagram cannot be parsed.' },
  UNKNOWN_ENTITY: { title: 'A database relation names an entity the section does not have.', hint: 'Use the name of one of the section\'s entities, spelled as in its `name`.' },
  DIAGRAM_WIDTH: { title: 'The diagram is too wide to read at desktop width (warning).', hint: 'Lay it out top to bottom (flowchart TB), shorten its labels or split it; visitors would need its full-size view.' },

  // J. Cross-file
  DUPLICATE_ID: { title: 'Two files use the same id.' },
  ID_MISMATCH: { title: 'The id differs from the file name.' },
  ID_RESERVED: { title: 'The id is reserved by the site.' },
  DUPLICATE_SECTION_ID: { title: 'Two sections of a project share an id.', hint: 'Give every section its own id; it is the in-page anchor.' },
  FLAGSHIP_COUNT: { title: 'There must be exactly one featured project.' },
  UNKNOWN_PROJECT: { title: 'portfolio.yaml lists a project that has no file.' },
  ORPHAN_PROJECT: { title: 'A project file is not listed in portfolio.yaml.' },
  ASSET_MISSING: { title: 'A referenced file does not exist.' },
  ASSET_TYPE: { title: 'A referenced file is not of the expected type.' },
  ASSET_TOO_LARGE: { title: 'A referenced file is too large.', hint: 'Compress it; visitors download it on phones.' },
  BROKEN_ANCHOR: { title: 'A link points at a section that does not exist.' },

  // Theme
  THEME_CONTRAST: { title: 'An accent colour would make text unreadable.', hint: 'Pick a darker accent for the light theme or a lighter one for the dark theme; 4.5:1 is the WCAG AA minimum for text.' },
} as const satisfies Record<string, CodeEntry>

export type DiagnosticCode = keyof typeof diagnosticCodes
