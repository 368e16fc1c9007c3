import type { ErrorInfo } from 'react';
import { HttpError } from '#src/api/httpCore';
import { useLogs } from './stores/logs';

/** Uncaught errors go to the local error log (spec §2 error-log dialog). */
export function captureError(error: unknown, info?: ErrorInfo) {
  // Failed requests are logged by the HTTP layer already; do not count them twice.
  if (error instanceof HttpError || (error as { isAxiosError?: boolean })?.isAxiosError) return;
  const err = error instanceof Error ? error : new Error(String(error));
  useLogs.getState().add({
    type: 'error',
    message: err.message,
    stack: err.stack ?? '',
    info: info?.componentStack?.trim() ?? '',
  });
}

export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => captureError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => captureError(event.reason));
}

/** A React root's error callbacks: every error it catches or cannot recover from goes to the log too. */
export const rootErrorOptions = {
  onUncaughtError: captureError,
  onCaughtError: captureError,
  onRecoverableError: captureError,
};
