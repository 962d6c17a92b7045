export const BUILDS_DIR: string;
export const BUILD_LINK: string;
export const STAMP_FILE: string;
export const SERVERS_DIR: string;
export interface BuildStamp {
  stamp: string;
  files: number;
  startedAt: number;
  finishedAt: number;
}
export function sourceStamp(root: string, env?: Record<string, string | undefined>): { stamp: string; files: number };
export function currentBuild(root: string): string | null;
export function readStamp(dir: string | null): BuildStamp | null;
export function newBuildFolder(root: string, stamp: string): string;
export function switchBuild(root: string, dir: string): void;
export function processAlive(record: { host?: string; pid?: number; started?: string | null } | null): boolean;
export function inUse(dir: string): boolean;
export function pruneBuilds(root: string, keep?: number): string[];
export function lockBuilds(
  root: string,
  options?: { onWait?: (holderPid: number | null) => void; pollMs?: number },
): Promise<() => void>;
