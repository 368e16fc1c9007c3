// The console, loaded by the boot entry (boot/index.ts).
// First: starts fetching the page's chunks before the rest of the entry is evaluated.
import './app/preload';
import { createRoot } from 'react-dom/client';
// antd's component styles, static: the theme runs with zeroRuntime (themes/index.ts).
import 'antd/dist/antd.css';
import './themes/global.css';
import { App } from './app/App';
import { installGlobalErrorHandlers, rootErrorOptions } from './app/errorLog';
import { bindSessionHooks } from './app/sessionHooks';

installGlobalErrorHandlers();
bindSessionHooks();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container, rootErrorOptions).render(<App />);
