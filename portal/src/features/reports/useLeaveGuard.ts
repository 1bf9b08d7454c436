import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Navigator = { push: (...args: unknown[]) => void; replace: (...args: unknown[]) => void };

/**
 * While `active`, navigating away inside the app (header tabs, links) is held: `onAttempt` gets
 * a function that goes on when called. Closing or reloading the page asks the browser's question.
 * (The portal uses <BrowserRouter>, which has no blocker of its own.)
 */
export function useLeaveGuard(active: boolean, onAttempt: (proceed: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  const attempt = useRef(onAttempt);
  attempt.current = onAttempt;
  useEffect(() => {
    if (!active) return;
    const { push, replace } = navigator;
    // Staying on this page (its tabs, filters and pages change the query) is not leaving.
    const leaving = (to: unknown) => {
      const pathname = typeof to === 'string' ? new URL(to, window.location.href).pathname : (to as { pathname?: string } | null)?.pathname;
      return pathname !== undefined && pathname !== window.location.pathname;
    };
    const guard =
      (go: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        if (leaving(args[0])) attempt.current(() => go.apply(navigator, args));
        else go.apply(navigator, args);
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [active, navigator]);
}
