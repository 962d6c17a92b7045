/** Labels of the dashboard's "Leads by source" card for rows without a recorded source or campaign. */
export const NO_SOURCE = "Not recorded";
export const NO_CAMPAIGN = "No campaign";
