import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Whether `target` fills the screen, and a toggle for it (the browser's Fullscreen API; Esc leaves too). */
export function useFullScreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const follow = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [target]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await target.current?.requestFullscreen();
    } catch (error) {
      // A browser that refuses (an iframe without allowfullscreen) leaves the page as it is.
      console.warn('Full screen refused', error);
    }
  }, [target]);
  return { active, supported, toggle };
}
