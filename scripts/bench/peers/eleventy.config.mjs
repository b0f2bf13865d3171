// Eleventy as its docs set it up for a markdown site: markdown in, one minimal layout, HTML out.
export default function (eleventyConfig) {
  eleventyConfig.addTemplate(
    '_includes/page.liquid',
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ title }}</title></head>
<body><main>{{ content }}</main></body>
</html>
`,
  )
}

// The pages quote code with {{ and {%: they are markdown only, not Liquid templates.
export const config = { markdownTemplateEngine: false }
