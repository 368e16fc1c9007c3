import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
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

  return (
    <Result
      status={isChunk ? 'warning' : '500'}
      title={isChunk ? t('error.chunkTitle') : '500'}
      subTitle={isChunk ? t('error.chunkText') : t('error.500')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      }
    />
  );
}
