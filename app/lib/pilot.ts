/**
 * The pilot's live places, window and status as the server rendered the page (ADR 0091), for any component:
 * read from the root loader's data, so no page states a number of places or a date by hand.
 */
import { useRouteLoaderData } from "react-router";
import { brand } from "#core/brand";
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import type { RootData } from "./root-data";

/** Before the server has said anything (a component rendered outside the app): the first values, open. */
const FIRST_VALUES: PilotPublicState = { capacity: brand.pilot.spots, status: "open", enrollmentOpensAt: null, enrollmentClosesAt: null };

export function usePilot(): PilotPublicState {
  return useRouteLoaderData<RootData>("root")?.pilot ?? FIRST_VALUES;
}
