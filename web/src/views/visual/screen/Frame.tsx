import './screen.css';
import '../map/map.css';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** The scale that fits the 1920×1080 stage into the viewport, and the offsets that centre it. */
export function fitStage(width: number, height: number) {
  const scale = Math.min(width / STAGE_W, height / STAGE_H);
  return { scale, left: (width - STAGE_W * scale) / 2, top: (height - STAGE_H * scale) / 2 };
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <span data-testid="screen-clock">
      {`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`}
    </span>
  );
}

/**
 * A large screen: designed at 1920×1080 and scaled to any viewport (letterboxed), dark by default, with a
 * full-screen button, the clock and whether it is fed live or polled.
 */
export function Frame({
  title,
  live,
  columns,
  children,
  screen,
  ready,
}: {
  title: string;
  live: boolean;
  columns: string;
  children: ReactNode;
  screen: string;
  ready: boolean;
}) {
  const { t } = useTranslation();
  const [place, setPlace] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  const root = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const onResize = () => setPlace(fitStage(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (ready) performance.mark(`screen-ready:${screen}`);
  }, [ready, screen]);

  return (
    <div className="vs-viewport" ref={root} data-screen={screen} data-ready={ready ? '' : undefined}>
      <div
        className="vs-stage"
        style={{ transform: `translate(${place.left}px, ${place.top}px) scale(${place.scale})` }}
      >
        <header className="vs-header">
          <div className="vs-header-side">
            <Clock />
          </div>
          <div className="vs-title">{title}</div>
          <div className="vs-header-side right">
            <span className={`vs-live${live ? ' on' : ''}`} data-testid="screen-live">
              <i />
              {live ? t('visual.screen.live') : t('visual.screen.polling')}
            </span>
            <button
              type="button"
              className="vs-btn"
              onClick={() =>
                document.fullscreenElement
                  ? void document.exitFullscreen()
                  : void root.current?.requestFullscreen?.()
              }
            >
              {t('visual.screen.fullscreen')}
            </button>
          </div>
        </header>
        <main className="vs-body" style={{ gridTemplateColumns: columns }}>
          {children}
        </main>
      </div>
    </div>
  );
}
