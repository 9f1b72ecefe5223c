import './styles/tokens.css';
import './styles/base.css';
import './styles/toast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, THEME_KEY } from './lib/theme';
import { App } from './app/app';

// Before React renders anything, so the first paint already has the chosen theme.
applyTheme();
// Another tab changed the theme: follow it.
window.addEventListener('storage', (e) => {
  if (e.key === THEME_KEY || e.key === null) applyTheme();
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
