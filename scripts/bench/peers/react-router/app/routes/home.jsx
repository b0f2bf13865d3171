import { loadPage } from '../pages.js'

export { default, meta } from './page.jsx'

export const loader = () => loadPage('index')
