/**
 * A sheet over the page: the one dialog of the page, for choosing a move,
 * confirming, or reading a card in full. It takes the keyboard when it opens
 * (the control marked `autoFocus`, else its first one), keeps Tab inside
 * it, closes on Escape or a tap beside it, and gives the keyboard back to
 * what opened it when it closes.
 */
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useStableCallback } from './use-stable-callback';

const CONTROLS = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The keyboard handling of a sheet, for the element `ref` is put on. */
function useSheetKeyboard(onClose: () => void) {
  const ref = useRef<HTMLElement>(null);
  const close = useStableCallback(onClose);
  // Taken while rendering, before React focuses an autoFocus control in the sheet.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement || document.activeElement instanceof SVGElement ? document.activeElement : null,
  );
  // Before the sheet is first painted: opened by an answer from the server (resign's), it has the keyboard as it shows.
  useLayoutEffect(() => {
    const sheet = ref.current;
    if (!sheet) return;
    const controls = () => Array.from(sheet.querySelectorAll<HTMLElement>(CONTROLS));
    // React has already focused an autoFocus control; otherwise the first one.
    if (!sheet.contains(document.activeElement)) (controls()[0] ?? sheet).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        const all = controls();
        if (all.length === 0) return;
        const inside = sheet.contains(document.activeElement);
        if (event.shiftKey && (!inside || document.activeElement === all[0])) {
          event.preventDefault();
          all[all.length - 1].focus();
        } else if (!event.shiftKey && (!inside || document.activeElement === all[all.length - 1])) {
          event.preventDefault();
          all[0].focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener, close]);
  return ref;
}

export function Sheet({
  label,
  labelledBy,
  className,
  onClose,
  onSubmit,
  children,
}: {
  /** The dialog's name, unless `labelledBy` names the element that holds it. */
  label?: string;
  labelledBy?: string;
  className?: string;
  onClose: () => void;
  /** Given: the sheet is a form, sent with this. */
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const props = {
    className: className ? `sheet ${className}` : 'sheet',
    role: 'dialog',
    'aria-modal': true,
    'aria-label': label,
    'aria-labelledby': labelledBy,
    tabIndex: -1,
    onClick: (event: { stopPropagation(): void }) => event.stopPropagation(),
  } as const;
  const ref = useSheetKeyboard(onClose);
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      {onSubmit ? (
        <form ref={ref as RefObject<HTMLFormElement>} {...props} onSubmit={onSubmit}>
          {children}
        </form>
      ) : (
        <div ref={ref as RefObject<HTMLDivElement>} {...props}>
          {children}
        </div>
      )}
    </div>
  );
}
