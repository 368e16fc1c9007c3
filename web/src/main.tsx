// First: starts fetching the page's chunks before the rest of the entry is evaluated.
import './app/preload';
import { createRoot } from 'react-dom/client';
// antd's component styles, static: the theme runs with zeroRuntime (themes/index.ts).
import 'antd/dist/antd.css';
import './themes/global.css';
import { App } from './app/App';
import { installSessionHooks } from './app/account';
import { captureError, installGlobalErrorHandlers } from './app/errorLog';

installGlobalErrorHandlers();
installSessionHooks();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container, {
  onUncaughtError: captureError,
  onCaughtError: captureError,
  onRecoverableError: captureError,
}).render(<App />);
