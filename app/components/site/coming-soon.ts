import type { ToastNotice } from "../ui/toast.widget";

/** The notice of a quick action that is not available yet (the "Coming Soon!" toast of docs/requirements.md §2, §8). */
export function comingSoonNotice(what: string): ToastNotice {
  return {
    title: "Coming Soon!",
    description: `${what} is on its way. Sign up for updates through the pilot application to hear first.`,
  };
}
