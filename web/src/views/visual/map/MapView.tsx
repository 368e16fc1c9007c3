import { memo, type MouseEvent as ReactMouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Dot, TagRead } from '#src/api/visual';

/** Spec §2 "Map-dot view": marker 24×30, default label 'edit..'. */
export const MARKER_W = 24;
export const MARKER_H = 30;
export const DEFAULT_LABEL = 'edit..';

export type DotState = 'green' | 'red';

/**
 * Spec §4: a dot is green when every row it carries is valid (useData Y); a row with no value yet (1) or a bad
 * one (N) makes it red. A SCADA row's state is its bound tag's live one when the tag is known.
 */
export function dotState(dot: Dot, tags: Map<string, TagRead>): DotState {
  const { busiData, SCADAData } = dot.content.mapTagData;
  const states = [
    ...busiData.map((r) => r.useData),
    ...SCADAData.map((r) => (r.pointId ? (tags.get(r.pointId)?.useData ?? r.useData) : r.useData)),
  ];
  return states.length > 0 && states.every((s) => s === 'Y') ? 'green' : 'red';
}

/** A dot's place as fractions of the map (position clientX/clientY over scaleW/scaleH, spec §3). */
export function dotFraction(dot: Pick<Dot, 'content'>): { x: number; y: number } {
  const p = dot.content.position;
  return { x: p.clientX / (p.scaleW || 1), y: p.clientY / (p.scaleH || 1) };
}

const COLORS: Record<DotState, string> = { green: '#2fd67b', red: '#ff4d4f' };

const Marker = memo(function Marker({
  dot,
  state,
  values,
  editing,
  showLabel,
  onPointerDown,
  onContextMenu,
}: {
  dot: Dot;
  state: DotState;
  values: string;
  editing: boolean;
  showLabel: boolean;
  onPointerDown?: (dot: Dot, e: React.PointerEvent) => void;
  onContextMenu?: (dot: Dot, e: ReactMouseEvent) => void;
}) {
  const { x, y } = dotFraction(dot);
  const color = COLORS[state];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a map marker is dragged and right-clicked with the pointer
    <div
      className="vm-dot"
      data-dot={dot.content.uid}
      data-state={state}
      title={`${dot.name || DEFAULT_LABEL}\n${values}`}
      style={{
        left: `${x * 100}%`,
        top: `${y * 100}%`,
        cursor: editing ? 'move' : 'pointer',
      }}
      onPointerDown={onPointerDown ? (e) => onPointerDown(dot, e) : undefined}
      onContextMenu={onContextMenu ? (e) => onContextMenu(dot, e) : undefined}
    >
      <svg width={MARKER_W} height={MARKER_H} viewBox="0 0 24 30" aria-hidden>
        <path
          d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 30 12 30s12-9.2 12-18.1C24 5.3 18.6 0 12 0z"
          fill={color}
          stroke="#fff"
          strokeWidth="1.5"
        />
        <circle cx="12" cy="11.5" r="4.5" fill="#fff" />
      </svg>
      {showLabel && (
        <div className="vm-label" style={{ borderColor: color }}>
          <div className="vm-name">{dot.name || DEFAULT_LABEL}</div>
          {values && <div className="vm-values">{values}</div>}
        </div>
      )}
    </div>
  );
});

/**
 * A vector map image drawn once into a bitmap: an SVG <img> is re-rasterized at every repaint of the (scaled)
 * screen, which on a software-rendered wall browser cost seconds per frame with 200 live dots on top.
 */
function useBitmap(url?: string | null): string | null | undefined {
  const [bitmap, setBitmap] = useState<string | null | undefined>(
    url?.startsWith('data:image/svg') ? undefined : url,
  );
  useEffect(() => {
    if (!url?.startsWith('data:image/svg')) {
      setBitmap(url);
      return;
    }
    let objectUrl: string | undefined;
    let live = true;
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth || 1600;
      canvas.height = image.naturalHeight || 900;
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => {
        if (!live) return;
        objectUrl = blob ? URL.createObjectURL(blob) : undefined;
        setBitmap(objectUrl ?? url);
      });
    };
    image.onerror = () => live && setBitmap(url);
    image.src = url;
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return bitmap;
}

/** The values a dot's label shows: its bound tags' newest values. */
export function dotValues(dot: Dot, tags: Map<string, TagRead>): string {
  return dot.content.mapTagData.SCADAData.filter((r) => r.pointId)
    .map((r) => {
      const tag = tags.get(r.pointId as string);
      const value = tag?.value;
      const shown = typeof value === 'number' ? Number(value.toFixed(2)) : (value ?? '-');
      return `${r.monitor ?? r.tagName}: ${shown}${tag?.unit ? ` ${tag.unit}` : ''}`;
    })
    .join('\n');
}

/**
 * An image map with its dots at fractional coordinates (so it scales with its box). In editing mode a dot is
 * dragged and `onMove` gets its new place as fractions; `onContextMenu` opens the dot's menu.
 */
export function MapView({
  imageUrl,
  dots,
  tags,
  editing = false,
  showLabels = true,
  onMove,
  onContextMenu,
  onPlace,
  style,
}: {
  imageUrl?: string | null;
  dots: Dot[];
  tags: Map<string, TagRead>;
  editing?: boolean;
  showLabels?: boolean;
  onMove?: (dot: Dot, x: number, y: number) => void;
  onContextMenu?: (dot: Dot, e: ReactMouseEvent) => void;
  /** A click on the map itself in editing mode: place a new dot there. */
  onPlace?: (x: number, y: number) => void;
  style?: React.CSSProperties;
}) {
  const box = useRef<HTMLDivElement>(null);
  const image = useBitmap(imageUrl);

  const fraction = useCallback((clientX: number, clientY: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return { x: clamp((clientX - rect.left) / rect.width), y: clamp((clientY - rect.top) / rect.height) };
  }, []);

  const onPointerDown = useCallback(
    (dot: Dot, e: React.PointerEvent) => {
      if (!editing || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      const el = e.currentTarget as HTMLElement;
      el.setPointerCapture(e.pointerId);
      let last = dotFraction(dot);
      const move = (ev: PointerEvent) => {
        last = fraction(ev.clientX, ev.clientY);
        el.style.left = `${last.x * 100}%`;
        el.style.top = `${last.y * 100}%`;
      };
      const up = () => {
        el.removeEventListener('pointermove', move);
        el.removeEventListener('pointerup', up);
        onMove?.(dot, last.x, last.y);
      };
      el.addEventListener('pointermove', move);
      el.addEventListener('pointerup', up);
    },
    [editing, fraction, onMove],
  );

  return (
    <div
      ref={box}
      role="application"
      className="vm-map"
      data-editing={editing ? '' : undefined}
      style={style}
      onClick={(e) => {
        if (!editing || !onPlace || e.target !== e.currentTarget.firstChild) return;
        const { x, y } = fraction(e.clientX, e.clientY);
        onPlace(x, y);
      }}
      onKeyDown={undefined}
    >
      {image ? <img src={image} alt="" draggable={false} /> : <div className="vm-blank" />}
      {dots.map((dot) => (
        <Marker
          key={dot.id}
          dot={dot}
          state={dotState(dot, tags)}
          values={dotValues(dot, tags)}
          editing={editing}
          showLabel={showLabels}
          onPointerDown={editing ? onPointerDown : undefined}
          onContextMenu={onContextMenu}
        />
      ))}
    </div>
  );
}
