import { Fragment } from 'react'
import type { EndpointsSection } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import type { TextKey } from '../i18n/strings.ts'
import { ScrollTable } from './scroll-table.tsx'

type Endpoint = EndpointsSection['endpoints'][number]

const authLabels: Record<NonNullable<Endpoint['auth']>, TextKey> = {
  public: 'authPublic',
  user: 'authUser',
  admin: 'authAdmin',
  signed: 'authSigned',
}

/** Method, path, summary and who may call it; example bodies fold out under their row. */
export function EndpointTable({ endpoints, label }: { endpoints: EndpointsSection['endpoints']; label: string }) {
  const strings = useStrings()
  return (
    <ScrollTable label={label}>
      <thead>
        <tr>
          <th scope="col">{strings.methodColumn}</th>
          <th scope="col">{strings.pathColumn}</th>
          <th scope="col">{strings.summaryColumn}</th>
          <th scope="col">{strings.authColumn}</th>
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
              <td className="endpoint-auth">{endpoint.auth ? strings[authLabels[endpoint.auth]] : '—'}</td>
            </tr>
            {endpoint.request || endpoint.response ? (
              <tr className="endpoint-example">
                <td colSpan={4}>
                  <details>
                    <summary>{fillNodes(strings.exampleFor, { method: endpoint.method, path: endpoint.path })}</summary>
                    <div className="endpoint-example__bodies">
                      {endpoint.request ? <ExampleBody title={strings.exampleRequest} body={endpoint.request} /> : null}
                      {endpoint.response ? (
                        <ExampleBody title={strings.exampleResponse} body={endpoint.response} />
                      ) : null}
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
