import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for plain `<a href>` inside a long list, from one click handler on the list.
 *
 * A React Router `<Link>` resolves its path against the route matches while rendering; on /explore/creators the
 * cards' 37 links took about 9% of the page's server CPU (decision 035). The cards render plain anchors instead,
 * and this handler gives them what a `<Link>` gives a plain click: navigation without a reload. Anything a browser
 * should handle itself (a modifier key, another button, another window or origin, a download) is left alone.
 */
export function useDelegatedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(anchor.pathname + anchor.search + anchor.hash);
    },
    [navigate],
  );
}
