/**
 * One page view's clock (docs/requirements.md §7, §9): the engaged-user event after 30 seconds on a page, and the
 * time on page reported once on leaving (tab hidden, page hidden, or a move to another page) only
 * when it is over 10 seconds.
 */
import { TIMINGS } from "./events";

export interface PageView {
  readonly path: string;
  readonly startedAt: number;
  /** The page-level events (page view, landing view, purchase) went out for this view. */
  pageEventsSent: boolean;
  applicationStarted: boolean;
}

export interface PageSessionDeps {
  now: () => number;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onEngaged: (view: PageView, seconds: number) => void;
  onTimeOnPage: (view: PageView, seconds: number) => void;
}

export interface PageSessions {
  begin(path: string): PageView;
  /** Reports time on page for the current view (leaving it) and stops its timer. */
  end(): void;
  /** The page went out of sight (visibilitychange hidden, pagehide): report time on page once. */
  leave(): void;
  current(): PageView | null;
}

interface ActiveView extends PageView {
  timer: unknown;
  reported: boolean;
}

export function createPageSessions(deps: PageSessionDeps): PageSessions {
  let active: ActiveView | null = null;

  function report(view: ActiveView) {
    if (view.reported) return;
    const elapsed = deps.now() - view.startedAt;
    if (elapsed <= TIMINGS.timeOnPageMinMs) return;
    view.reported = true;
    deps.onTimeOnPage(view, Math.round(elapsed / 1000));
  }

  function end() {
    if (!active) return;
    deps.clearTimer(active.timer);
    report(active);
    active = null;
  }

  return {
    begin(path) {
      end();
      const view: ActiveView = {
        path,
        startedAt: deps.now(),
        pageEventsSent: false,
        applicationStarted: false,
        timer: undefined,
        reported: false,
      };
      view.timer = deps.setTimer(() => {
        if (active === view) deps.onEngaged(view, TIMINGS.engagedAfterMs / 1000);
      }, TIMINGS.engagedAfterMs);
      active = view;
      return view;
    },
    end,
    leave() {
      if (active) report(active);
    },
    current: () => active,
  };
}
