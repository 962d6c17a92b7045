/** React access to the consent store; on the server (and during hydration) the banner stays closed. */
import { useSyncExternalStore } from "react";
import type { ConsentSnapshot } from "./consent";
import { getConsentStore } from "./tracker";

const SERVER_SNAPSHOT: ConsentSnapshot = {
  state: { status: "unset", source: "none", gpc: false },
  bannerOpen: false,
  reopened: false,
};

const subscribe = (listener: () => void) => getConsentStore().subscribe(listener);
const getSnapshot = () => getConsentStore().getSnapshot();
const getServerSnapshot = () => SERVER_SNAPSHOT;

export function useConsent(): ConsentSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
