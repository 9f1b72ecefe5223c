import './styles/tokens.css';
import './styles/base.css';
import './styles/toast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from './lib/theme';
import { App } from './app/app';

// Before React renders anything, so the first paint already has the chosen theme.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
