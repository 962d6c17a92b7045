import type { BuildOptions } from "esbuild";
export declare function serverBundleOptions(options?: { brandOverrides?: Record<string, unknown> }): BuildOptions;
