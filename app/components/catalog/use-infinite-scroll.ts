import { useEffect, useRef } from "react";

/** Spec section 9: infinite scroll triggers within 10 px of the bottom of the page. */
const INFINITE_SCROLL_THRESHOLD_PX = 10;

/** Calls `load` when the page is scrolled to within 10 px of its bottom, while `enabled`. */
export function useInfiniteScroll(load: () => void, enabled: boolean) {
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const bottom = window.scrollY + window.innerHeight;
      if (document.documentElement.scrollHeight - bottom <= INFINITE_SCROLL_THRESHOLD_PX) loadRef.current();
    };
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    check();
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [enabled]);
}
