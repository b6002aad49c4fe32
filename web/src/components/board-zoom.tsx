/**
 * Zooming the board: buttons, and a two-finger pinch on a touch screen. Every
 * drawing of the board (svg.tsx's Drawing) grows with the zoom inside a
 * frame of its own that pans (one finger, or the scroll bars), so the page
 * itself never scrolls sideways. At 100% (where a board opens) a drawing is
 * as large as its smallest text needs to read well (READABLE_TEXT_PX): on a
 * phone that makes the board wider than the screen, to be panned. One step
 * smaller is the whole board (WHOLE_BOARD): each drawing fits the window,
 * its text smaller, so that all of it can be seen at once.
 */
import { createContext, useContext, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/** The smallest size board text is drawn at, in CSS pixels, at 100% and above. */
export const READABLE_TEXT_PX = 11;
/** The smallest zoom: every drawing whole in the window, however small its text. */
export const WHOLE_BOARD = 0;
const READABLE = 1;
const MAX_ZOOM = 3;
const STEP = 1.25;
const STORAGE_KEY = 'pbw.boardZoom';

const ZoomContext = createContext(READABLE);

/** The zoom the board's drawings are shown at: WHOLE_BOARD, or from 1 (as large as the screen allows, or as readable text needs) up. */
export const useBoardZoom = () => useContext(ZoomContext);

/** Under 100% there is one zoom: the whole board. */
const clamp = (zoom: number) => (zoom < READABLE ? WHOLE_BOARD : Math.min(MAX_ZOOM, zoom));

function storedZoom(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEY) ?? READABLE);
  return Number.isFinite(stored) && stored >= 0 ? clamp(stored) : READABLE;
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
    // From the whole board, fingers moved apart go on from 100%.
    if (touches.current.size === 2) start.current = { distance: distance(), zoom: Math.max(zoom, READABLE) };
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
  const whole = zoom === WHOLE_BOARD;
  return (
    <div className="board-zoom" data-zoom={whole ? 'whole' : zoom} {...pinch}>
      <div className="zoom-controls" role="group" aria-label="Board size">
        <button type="button" className="secondary" aria-label="Zoom out" disabled={whole} onClick={() => setZoom(zoom / STEP)}>
          −
        </button>
        <output aria-live="polite" aria-label="Board zoom">
          {whole ? 'Whole board' : `${Math.round(zoom * 100)}%`}
        </output>
        <button type="button" className="secondary" aria-label="Zoom in" disabled={zoom >= MAX_ZOOM} onClick={() => setZoom(whole ? READABLE : zoom * STEP)}>
          +
        </button>
      </div>
      <ZoomContext.Provider value={zoom}>{children}</ZoomContext.Provider>
    </div>
  );
}
