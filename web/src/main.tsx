// The console, loaded by the boot entry (boot/index.ts).
// First: starts fetching the page's chunks before the rest of the entry is evaluated.
import './app/preload';
import { createRoot } from 'react-dom/client';
// antd's component styles, static: the theme runs with zeroRuntime (themes/index.ts).
import 'antd/dist/antd.css';
import './themes/global.css';
import { sessionHooks } from './api/httpCore';
import { App } from './app/App';
import { captureError, installGlobalErrorHandlers } from './app/errorLog';

installGlobalErrorHandlers();
// The HTTP layer refreshes and ends the session through app/account (it cannot import it: cycle), imported
// when first needed: with it comes the generated API client, kept out of this entry (docs/decisions.md
// "Console first paint").
const account = () => import('./app/account');
sessionHooks.refresh = () => account().then((m) => m.refreshSession());
sessionHooks.expire = () => {
  account().then((m) => m.federatedLogout());
};

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container, {
  onUncaughtError: captureError,
  onCaughtError: captureError,
  onRecoverableError: captureError,
}).render(<App />);
