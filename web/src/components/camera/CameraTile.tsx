import { CameraOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlayKind, play, snapshot } from './player';
import './camera.css';

export interface TileCamera {
  id: string;
  name: string;
  type: string;
  url: string;
  snapshotUrl?: string | null;
}

/** connecting: loading the stream; playing: frames arrive; stalled: none for STALL_MS; error; none: no address. */
export type TileStatus = 'connecting' | 'playing' | 'stalled' | 'error' | 'none';

const STALL_MS = 5000;

/**
 * One camera: its stream playing muted, its status (reachable, the time of the last frame), a snapshot (a PNG of the
 * current frame, downloaded) and full screen. The status line changes at most once a second, never per frame.
 */
export function CameraTile({ camera }: { camera: TileCamera }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const lastFrame = useRef(0);
  const [status, setStatus] = useState<TileStatus>(camera.url ? 'connecting' : 'none');
  const [error, setError] = useState('');
  const [shownFrame, setShownFrame] = useState(0);

  useEffect(() => {
    const el = video.current;
    if (!el || !camera.url) {
      setStatus('none');
      return;
    }
    setStatus('connecting');
    setError('');
    lastFrame.current = 0;
    let handle = 0;
    const frame = () => {
      lastFrame.current = Date.now();
      handle = el.requestVideoFrameCallback(frame);
    };
    handle = el.requestVideoFrameCallback(frame);
    const playback = play(el, camera.type as PlayKind, camera.url, (why) => {
      setError(why);
      setStatus('error');
    });
    const timer = window.setInterval(() => {
      const last = lastFrame.current;
      setShownFrame(last);
      setStatus((s) =>
        s === 'error' ? s : !last ? 'connecting' : Date.now() - last > STALL_MS ? 'stalled' : 'playing',
      );
    }, 1000);
    return () => {
      window.clearInterval(timer);
      el.cancelVideoFrameCallback(handle);
      playback.stop();
    };
  }, [camera.url, camera.type]);

  const takeSnapshot = () => {
    const url = (video.current && snapshot(video.current)) || camera.snapshotUrl;
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${camera.name}-${dayjs().format('YYYYMMDD-HHmmss')}.png`;
    link.click();
  };

  return (
    <div
      ref={box}
      className={`pd-camera-tile pd-camera-${status}`}
      data-testid="camera-tile"
      data-status={status}
      data-camera={camera.id}
    >
      <video
        ref={video}
        muted
        autoPlay
        playsInline
        loop
        poster={camera.snapshotUrl ?? undefined}
        crossOrigin="anonymous"
      />
      {status !== 'playing' && (
        <div className="pd-camera-overlay">
          {status === 'none'
            ? t('video.camera.tile.offline')
            : status === 'error'
              ? t(`video.camera.tile.error_${error}`)
              : t(`video.camera.tile.${status}`)}
        </div>
      )}
      <div className="pd-camera-bar">
        <span className="pd-camera-dot" />
        <span className="pd-camera-name" title={camera.name}>
          {camera.name}
        </span>
        <span className="pd-camera-frame" data-testid="camera-last-frame">
          {shownFrame ? dayjs(shownFrame).format('HH:mm:ss') : '--:--:--'}
        </span>
        <Tooltip title={t('video.camera.tile.snapshot')}>
          <Button
            size="small"
            type="text"
            icon={<CameraOutlined />}
            onClick={takeSnapshot}
            aria-label={t('video.camera.tile.snapshot')}
          />
        </Tooltip>
        <Tooltip title={t('video.camera.tile.fullscreen')}>
          <Button
            size="small"
            type="text"
            icon={<FullscreenOutlined />}
            aria-label={t('video.camera.tile.fullscreen')}
            onClick={() => void box.current?.requestFullscreen?.()}
          />
        </Tooltip>
      </div>
    </div>
  );
}

/** The grid sizes of the video wall. */
export const LAYOUTS = [1, 4, 9, 16] as const;
export type Layout = (typeof LAYOUTS)[number];

/** `cameras` in a square grid of `layout` tiles (empty cells for the rest). */
export function CameraGrid({ cameras, layout }: { cameras: TileCamera[]; layout: Layout }) {
  const side = Math.sqrt(layout);
  const cells = Array.from({ length: layout }, (_, i) => ({ slot: `slot-${i}`, camera: cameras[i] }));
  return (
    <div
      className="pd-camera-grid"
      style={{ gridTemplateColumns: `repeat(${side}, 1fr)` }}
      data-testid="camera-grid"
    >
      {cells.map(({ slot, camera }) =>
        camera ? (
          <CameraTile key={camera.id} camera={camera} />
        ) : (
          <div key={slot} className="pd-camera-empty" />
        ),
      )}
    </div>
  );
}
