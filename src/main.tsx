import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { followSystemColorScheme } from '~/color-scheme'
import { App } from '~/views/App'

followSystemColorScheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
