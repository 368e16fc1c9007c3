import { Button } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { removeShellFrame } from '#src/boot/frame';
import { captureError } from './errorLog';
import { ChunkLoadError } from './registry';

/**
 * Errors thrown while loading or rendering a route. A chunk that failed to load (or timed out after
 * a redeploy) offers a reload; anything else is logged and shown as the 500 page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isChunk = error instanceof ChunkLoadError;
  useEffect(() => {
    if (!isChunk) captureError(error);
  }, [error, isChunk]);
  // The first route failed: the boot entry's frame of the shell must not cover the message.
  useLayoutEffect(removeShellFrame, []);

  // Not antd's Result: its status pictures would weigh ~40 KB in the console's entry chunk, which this is part of.
  return (
    <div className="pd-error-page">
      <div className="pd-route-error">
        <h1>{isChunk ? t('error.chunkTitle') : '500'}</h1>
        <p>{isChunk ? t('error.chunkText') : t('error.500')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </div>
    </div>
  );
}
