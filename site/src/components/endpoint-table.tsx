import { Fragment } from 'react'
import type { EndpointsSection } from '../generated/types.ts'
import { ScrollTable } from './scroll-table.tsx'

type Endpoint = EndpointsSection['endpoints'][number]

const authLabels: Record<NonNullable<Endpoint['auth']>, string> = {
  public: 'Public',
  user: 'Signed-in user',
  admin: 'Admin',
  signed: 'Signed request',
}

/** Method, path, summary and who may call it; example bodies fold out under their row. */
export function EndpointTable({ endpoints, label }: { endpoints: EndpointsSection['endpoints']; label: string }) {
  return (
    <ScrollTable label={label}>
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">Path</th>
          <th scope="col">Summary</th>
          <th scope="col">Auth</th>
        </tr>
      </thead>
      <tbody>
        {endpoints.map((endpoint) => (
          <Fragment key={`${endpoint.method} ${endpoint.path}`}>
            <tr>
              <td>
                <span className="method" data-method={endpoint.method}>
                  {endpoint.method}
                </span>
              </td>
              <td>
                <code className="endpoint-path">{endpoint.path}</code>
              </td>
              <td>{endpoint.summary}</td>
              <td className="endpoint-auth">{endpoint.auth ? authLabels[endpoint.auth] : '—'}</td>
            </tr>
            {endpoint.request || endpoint.response ? (
              <tr className="endpoint-example">
                <td colSpan={4}>
                  <details>
                    <summary>
                      Example for {endpoint.method} {endpoint.path}
                    </summary>
                    <div className="endpoint-example__bodies">
                      {endpoint.request ? <ExampleBody title="Request" body={endpoint.request} /> : null}
                      {endpoint.response ? <ExampleBody title="Response" body={endpoint.response} /> : null}
                    </div>
                  </details>
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </ScrollTable>
  )
}

function ExampleBody({ title, body }: { title: string; body: string }) {
  return (
    <div>
      <p className="endpoint-example__title">{title}</p>
      <pre>
        <code>{body}</code>
      </pre>
    </div>
  )
}
