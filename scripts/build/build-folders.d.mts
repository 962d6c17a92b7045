export declare const BUILDS_DIR: string;
export declare const BUILD_LINK: string;
export declare const STAMP_FILE: string;
export declare const SERVERS_DIR: string;
export interface BuildStamp {
  stamp: string;
  files: number;
  startedAt: number;
  finishedAt: number;
}
export declare function sourceStamp(root: string, env?: Record<string, string | undefined>): { stamp: string; files: number };
export declare function currentBuild(root: string): string | null;
export declare function readStamp(dir: string | null): BuildStamp | null;
export declare function newBuildFolder(root: string, stamp: string): string;
export declare function switchBuild(root: string, dir: string): void;
export declare function processAlive(record: { host?: string; pid?: number; started?: string | null } | null): boolean;
export declare function inUse(dir: string): boolean;
export declare function pruneBuilds(root: string, keep?: number): string[];
export declare function lockBuilds(
  root: string,
  options?: { onWait?: (holderPid: number | null) => void; pollMs?: number },
): Promise<() => void>;
