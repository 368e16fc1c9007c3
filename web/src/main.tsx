import { createRoot } from 'react-dom/client';
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
