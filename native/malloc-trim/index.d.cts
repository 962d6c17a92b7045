/** Gives the free pages of every malloc heap back to the system; true when some were. */
export declare function trim(): boolean;
