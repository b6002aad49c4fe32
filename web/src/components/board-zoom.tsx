/**
 * Zooming the board: buttons, and a two-finger pinch on a touch screen. Every
 * drawing of the board (svg.tsx's Drawing) grows with the zoom inside a
 * frame of its own that pans (one finger, or the scroll bars), so the page
 * itself never scrolls sideways. At the smallest zoom a drawing is still as
 * large as its smallest text needs to read well (READABLE_TEXT_PX): on a
 * phone that makes the board wider than the screen, to be panned.
 */
import { createContext, useContext, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/** The smallest size board text is ever drawn at, in CSS pixels. */
export const READABLE_TEXT_PX = 11;
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const STEP = 1.25;
const STORAGE_KEY = 'pbw.boardZoom';

const ZoomContext = createContext(1);

/** The zoom the board's drawings are shown at: 1 is as large as the screen allows, or as readable text needs. */
export const useBoardZoom = () => useContext(ZoomContext);

const clamp = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

function storedZoom(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? clamp(stored) : MIN_ZOOM;
}

/** Two fingers on the board: the zoom follows the distance between them, from what it was when the second one came down. */
function usePinch(zoom: number, setZoom: (zoom: number) => void) {
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ distance: number; zoom: number } | null>(null);
  const distance = () => {
    const [a, b] = [...touches.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const down = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.current.size === 2) start.current = { distance: distance(), zoom };
  };
  const move = (event: PointerEvent) => {
    if (!touches.current.has(event.pointerId)) return;
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (start.current && touches.current.size === 2 && start.current.distance > 0) setZoom(start.current.zoom * (distance() / start.current.distance));
  };
  const up = (event: PointerEvent) => {
    touches.current.delete(event.pointerId);
    if (touches.current.size < 2) start.current = null;
  };
  return { onPointerDown: down, onPointerMove: move, onPointerUp: up, onPointerCancel: up };
}

export function BoardZoom({ children }: { children: ReactNode }) {
  const [zoom, setZoomState] = useState(storedZoom);
  const setZoom = (next: number) => setZoomState(clamp(Math.round(next * 100) / 100));
  useEffect(() => localStorage.setItem(STORAGE_KEY, String(zoom)), [zoom]);
  const pinch = usePinch(zoom, setZoom);
  return (
    <div className="board-zoom" data-zoom={zoom} {...pinch}>
      <div className="zoom-controls" role="group" aria-label="Board size">
        <button type="button" className="secondary" aria-label="Zoom out" disabled={zoom <= MIN_ZOOM} onClick={() => setZoom(zoom / STEP)}>
          −
        </button>
        <output aria-live="polite" aria-label="Board zoom">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="secondary" aria-label="Zoom in" disabled={zoom >= MAX_ZOOM} onClick={() => setZoom(zoom * STEP)}>
          +
        </button>
      </div>
      <ZoomContext.Provider value={zoom}>{children}</ZoomContext.Provider>
    </div>
  );
}
