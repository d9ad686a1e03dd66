// Full screen for an element that stays where it is in the page: it becomes a modal dialog covering the viewport.
// Not the native <dialog> of ui/dialog.tsx: the same element (and the focus inside it) must survive entering and
// leaving, so the page scroll lock, Escape and the focus trap are done by hand.
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex="0"]';

export function useFullscreenDialog() {
  const [fullscreen, setFullscreen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!fullscreen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    rootRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [fullscreen]);

  // Keeps Tab inside the full-screen view, which covers (and hides) the rest of the page.
  const trapFocus = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!fullscreen || e.key !== 'Tab' || !rootRef.current) return;
    const focusables = Array.from(rootRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === rootRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return { fullscreen, toggle: () => setFullscreen((f) => !f), rootRef, trapFocus };
}
