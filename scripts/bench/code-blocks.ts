import { contentWord } from './prose.ts'
import type { Random } from './random.ts'

/** Fenced code blocks as case studies show them, varied per project so no two pages repeat a block. */
const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``

export function nginxBlock(random: Random, host: string): string {
  const [api, port] = [contentWord(random), random.int(3000, 9000)]
  return fence(
    'nginx',
    `server {
    listen 443 ssl http2;
    server_name ${host};

    ssl_certificate     /etc/letsencrypt/live/${host}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${host}/privkey.pem;

    root  /var/www/${api}/client/dist;
    index index.html;

    # API traffic goes to the Node process; the browser never sees its port
    location /api/ {
        proxy_pass         http://127.0.0.1:${port};
        proxy_http_version 1.1;
        proxy_set_header   Host              $host;
        proxy_set_header   X-Real-IP         $remote_addr;
        proxy_set_header   X-Forwarded-For   $proxy_add_x_forwarded_for;
        client_max_body_size ${random.int(1, 20)}m;
    }

    location /${contentWord(random)}/ {
        expires ${random.int(1, 30)}d;
        add_header Cache-Control "public";
    }

    location / {
        try_files $uri $uri/ /index.html;
    }
}`,
  )
}

export function bashBlock(random: Random, app: string): string {
  const [branch, folder] = [contentWord(random), contentWord(random)]
  return fence(
    'bash',
    `#!/usr/bin/env bash
set -euo pipefail

cd /var/www/${app}
git fetch origin && git checkout --quiet origin/${branch}
npm ci --omit=dev
npm run build -- --mode production
pm2 reload ${app} --update-env
curl -fsS "https://${app}.example.com/api/health" | jq '.status' # expect "ok"
find /var/log/${app}/${folder} -name '*.log' -mtime +${random.int(7, 30)} -delete`,
  )
}

export function typescriptBlock(random: Random): string {
  const [entity, field, other] = [contentWord(random), contentWord(random), contentWord(random)]
  const Entity = entity.charAt(0).toUpperCase() + entity.slice(1)
  return fence(
    'ts',
    `import { z } from 'zod'

export const ${Entity}Input = z.object({
  ${field}: z.string().min(${random.int(1, 8)}).max(${random.int(40, 255)}),
  ${other}Id: z.string().uuid(),
  quantity: z.number().int().positive().max(${random.int(10, 5000)}),
})

export type ${Entity}Input = z.infer<typeof ${Entity}Input>

/** Rejects a request before it reaches the database, with the field that failed. */
export async function create${Entity}(body: unknown, db: Database): Promise<Result<${Entity}>> {
  const parsed = ${Entity}Input.safeParse(body)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.path.join('.') ?? 'body' }
  const row = await db.insert('${entity}s', { ...parsed.data, createdAt: new Date() })
  return { ok: true, value: row }
}`,
  )
}

export function jsonBlock(random: Random): string {
  return fence('json', jsonExample(random))
}

/** A JSON response body, also used as an endpoint's example response. */
export function jsonExample(random: Random): string {
  const [a, b] = [contentWord(random), contentWord(random)]
  return JSON.stringify(
    {
      success: true,
      data: {
        id: `${a}-${random.int(1000, 9999)}`,
        [b]: random.int(1, 500),
        status: random.pick(['active', 'pending', 'archived']),
        owner: `${a}@example.com`,
        tags: [a, b],
      },
      meta: { page: random.int(1, 9), perPage: 20, total: random.int(20, 4000) },
    },
    null,
    2,
  )
}

export function sqlBlock(random: Random): string {
  const [table, column] = [contentWord(random), contentWord(random)]
  return fence(
    'sql',
    `CREATE TABLE ${table}s (
  id          CHAR(36) PRIMARY KEY,
  ${column}_id CHAR(36) NOT NULL REFERENCES ${column}s(id) ON DELETE CASCADE,
  amount      DECIMAL(10, 2) NOT NULL CHECK (amount >= 0),
  created_at  TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE INDEX ${table}s_${column}_created ON ${table}s (${column}_id, created_at DESC);`,
  )
}
